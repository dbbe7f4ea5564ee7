//! Known OAuth2 providers: the id Arcade uses, the hosts that identify it, and
//! the authorization URL to write where a dialect requires one.
//!
//! `docs/providers.md` shows this table to users; a test keeps the two in step.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnownProvider {
    pub id: &'static str,
    /// A URL whose host is one of these, or a subdomain of one, names this provider.
    pub hosts: &'static [&'static str],
    pub authority: &'static str,
}

pub const KNOWN_PROVIDERS: &[KnownProvider] = &[
    KnownProvider {
        id: "google",
        hosts: &[
            "accounts.google.com",
            "oauth2.googleapis.com",
            "googleapis.com",
        ],
        authority: "https://accounts.google.com",
    },
    KnownProvider {
        id: "github",
        hosts: &["github.com"],
        authority: "https://github.com",
    },
    // Both Slack ids authorize against one server; the host alone picks the bot form.
    KnownProvider {
        id: "slack",
        hosts: &["slack.com"],
        authority: "https://slack.com",
    },
    KnownProvider {
        id: "slack_user",
        hosts: &[],
        authority: "https://slack.com",
    },
    KnownProvider {
        id: "github_app",
        hosts: &[],
        authority: "https://github.com",
    },
    KnownProvider {
        id: "microsoft",
        hosts: &["login.microsoftonline.com", "login.live.com"],
        authority: "https://login.microsoftonline.com",
    },
    KnownProvider {
        id: "x",
        hosts: &["x.com", "twitter.com"],
        authority: "https://twitter.com",
    },
    KnownProvider {
        id: "zoom",
        hosts: &["zoom.us"],
        authority: "https://zoom.us",
    },
    KnownProvider {
        id: "linkedin",
        hosts: &["linkedin.com"],
        authority: "https://www.linkedin.com",
    },
    KnownProvider {
        id: "spotify",
        hosts: &["accounts.spotify.com"],
        authority: "https://accounts.spotify.com",
    },
    KnownProvider {
        id: "dropbox",
        hosts: &["dropbox.com"],
        authority: "https://www.dropbox.com",
    },
    KnownProvider {
        id: "atlassian",
        hosts: &["auth.atlassian.com"],
        authority: "https://auth.atlassian.com",
    },
    KnownProvider {
        id: "discord",
        hosts: &["discord.com"],
        authority: "https://discord.com",
    },
    KnownProvider {
        id: "notion",
        hosts: &["api.notion.com"],
        authority: "https://api.notion.com",
    },
];

/// The generic provider id Arcade accepts for any OAuth2 server.
pub const GENERIC_PROVIDER: &str = "oauth2";

/// The provider whose host matches the URL's host, if any.
pub fn provider_for_url(url: &str) -> Option<&'static KnownProvider> {
    let host = host_of(url)?;
    KNOWN_PROVIDERS.iter().find(|provider| {
        provider.hosts.iter().any(|known| {
            host == *known
                || host
                    .strip_suffix(known)
                    .is_some_and(|rest| rest.ends_with('.'))
        })
    })
}

pub fn provider_by_id(id: &str) -> Option<&'static KnownProvider> {
    KNOWN_PROVIDERS
        .iter()
        .find(|provider| provider.id.eq_ignore_ascii_case(id))
}

/// The lowercase host of an absolute URL, without port or user info.
fn host_of(url: &str) -> Option<String> {
    let (_, rest) = url.split_once("://")?;
    let authority = rest.split(['/', '?', '#']).next()?;
    let host_port = authority.rsplit('@').next()?;
    let host = host_port.split(':').next()?;
    (!host.is_empty()).then(|| host.to_ascii_lowercase())
}

/// The table `docs/providers.md` shows, rendered from `KNOWN_PROVIDERS`.
pub fn markdown_table() -> String {
    let mut table =
        String::from("| provider id | hosts | authorization URL written |\n|---|---|---|\n");
    for provider in KNOWN_PROVIDERS {
        let hosts = if provider.hosts.is_empty() {
            "(none)".to_owned()
        } else {
            provider
                .hosts
                .iter()
                .map(|h| format!("`{h}`"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        table.push_str(&format!(
            "| `{}` | {hosts} | {} |\n",
            provider.id, provider.authority
        ));
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_and_subdomains_match() {
        let id = |url| provider_for_url(url).map(|p| p.id);
        assert_eq!(
            id("https://accounts.google.com/o/oauth2/auth"),
            Some("google")
        );
        assert_eq!(id("https://www.googleapis.com/auth"), Some("google"));
        assert_eq!(id("https://user@GitHub.com:443/login"), Some("github"));
        assert_eq!(id("https://api.twitter.com/2/oauth2"), Some("x"));
        assert_eq!(id("https://notgithub.com/"), None);
        assert_eq!(id("not a url"), None);
    }

    #[test]
    fn every_provider_authority_maps_back_to_a_provider_with_the_same_server() {
        for provider in KNOWN_PROVIDERS {
            let back = provider_for_url(provider.authority).map(|p| p.authority);
            assert_eq!(back, Some(provider.authority), "{}", provider.id);
        }
    }
}
