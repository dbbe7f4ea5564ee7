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
    /// The provider's documentation of its OAuth 2.0 authorization endpoint.
    pub source: &'static str,
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
        source: "https://developers.google.com/identity/protocols/oauth2/web-server",
    },
    KnownProvider {
        id: "github",
        hosts: &["github.com"],
        authority: "https://github.com",
        source: "https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps",
    },
    // Both Slack ids authorize against one server; the host alone picks the bot form.
    KnownProvider {
        id: "slack",
        hosts: &["slack.com"],
        authority: "https://slack.com",
        source: "https://api.slack.com/authentication/oauth-v2",
    },
    KnownProvider {
        id: "slack_user",
        hosts: &[],
        authority: "https://slack.com",
        source: "https://api.slack.com/authentication/oauth-v2",
    },
    KnownProvider {
        id: "github_app",
        hosts: &[],
        authority: "https://github.com",
        source: "https://docs.github.com/en/apps/creating-github-apps/authenticating-with-a-github-app/generating-a-user-access-token-for-a-github-app",
    },
    KnownProvider {
        id: "microsoft",
        hosts: &["login.microsoftonline.com", "login.live.com"],
        authority: "https://login.microsoftonline.com",
        source: "https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow",
    },
    KnownProvider {
        id: "x",
        hosts: &["x.com", "twitter.com"],
        authority: "https://twitter.com",
        source: "https://developer.x.com/en/docs/authentication/oauth-2-0/authorization-code",
    },
    KnownProvider {
        id: "zoom",
        hosts: &["zoom.us"],
        authority: "https://zoom.us",
        source: "https://developers.zoom.us/docs/integrations/oauth/",
    },
    KnownProvider {
        id: "linkedin",
        hosts: &["linkedin.com"],
        authority: "https://www.linkedin.com",
        source: "https://learn.microsoft.com/en-us/linkedin/shared/authentication/authorization-code-flow",
    },
    KnownProvider {
        id: "spotify",
        hosts: &["accounts.spotify.com"],
        authority: "https://accounts.spotify.com",
        source: "https://developer.spotify.com/documentation/web-api/tutorials/code-flow",
    },
    KnownProvider {
        id: "dropbox",
        hosts: &["dropbox.com"],
        authority: "https://www.dropbox.com",
        source: "https://www.dropbox.com/developers/documentation/http/documentation",
    },
    KnownProvider {
        id: "atlassian",
        hosts: &["auth.atlassian.com"],
        authority: "https://auth.atlassian.com",
        source: "https://developer.atlassian.com/cloud/jira/platform/oauth-2-3lo-apps/",
    },
    KnownProvider {
        id: "discord",
        hosts: &["discord.com"],
        authority: "https://discord.com",
        source: "https://discord.com/developers/docs/topics/oauth2",
    },
    KnownProvider {
        id: "notion",
        hosts: &["api.notion.com"],
        authority: "https://api.notion.com",
        source: "https://developers.notion.com/docs/authorization",
    },
    KnownProvider {
        id: "airtable",
        hosts: &["airtable.com"],
        authority: "https://airtable.com",
        source: "https://airtable.com/developers/web/api/oauth-reference",
    },
    KnownProvider {
        id: "asana",
        hosts: &["asana.com"],
        authority: "https://app.asana.com",
        source: "https://developers.asana.com/docs/oauth",
    },
    KnownProvider {
        id: "attio",
        hosts: &["attio.com"],
        authority: "https://app.attio.com",
        source: "https://docs.attio.com/rest-api/tutorials/connect-an-app-through-oauth",
    },
    KnownProvider {
        id: "calendly",
        hosts: &["calendly.com"],
        authority: "https://auth.calendly.com",
        source: "https://developer.calendly.com/api-docs",
    },
    KnownProvider {
        id: "clickup",
        hosts: &["clickup.com"],
        authority: "https://app.clickup.com",
        source: "https://clickup.com/api/developer-portal/authentication/",
    },
    KnownProvider {
        id: "figma",
        hosts: &["figma.com"],
        authority: "https://www.figma.com",
        source: "https://www.figma.com/developers/api#oauth2",
    },
    KnownProvider {
        id: "hubspot",
        hosts: &["hubspot.com"],
        authority: "https://app.hubspot.com",
        source: "https://developers.hubspot.com/docs/api/oauth-quickstart-guide",
    },
    KnownProvider {
        id: "linear",
        hosts: &["linear.app"],
        authority: "https://linear.app",
        source: "https://developers.linear.app/docs/oauth/authentication",
    },
    // Power BI signs in through the Microsoft identity platform; its URL reads as `microsoft`.
    KnownProvider {
        id: "microsoft-powerbi",
        hosts: &[],
        authority: "https://login.microsoftonline.com",
        source: "https://learn.microsoft.com/en-us/power-bi/developer/embedded/register-app",
    },
    KnownProvider {
        id: "pagerduty",
        hosts: &["pagerduty.com"],
        authority: "https://identity.pagerduty.com",
        source: "https://developer.pagerduty.com/docs/oauth-functionality",
    },
    KnownProvider {
        id: "reddit",
        hosts: &["reddit.com"],
        authority: "https://www.reddit.com",
        source: "https://github.com/reddit-archive/reddit/wiki/OAuth2",
    },
    KnownProvider {
        id: "twitch",
        hosts: &["twitch.tv"],
        authority: "https://id.twitch.tv",
        source: "https://dev.twitch.tv/docs/authentication/getting-tokens-oauth/",
    },
];

/// The generic provider id Arcade accepts for any OAuth2 server.
pub const GENERIC_PROVIDER: &str = "oauth2";

/// The provider id a target that requires one writes, for a tool with none: the one
/// the authorization URL's host names, else the generic one; either way reported.
pub fn infer_provider(
    authority: Option<&str>,
    target: &str,
    losses: &mut Vec<crate::loss::Loss>,
) -> String {
    use crate::field::Field;
    use crate::loss::{Loss, LossCode};
    use crate::message;
    match authority.and_then(provider_for_url) {
        Some(known) => {
            losses.push(Loss::new(
                LossCode::ProviderInferred,
                Field::AuthProvider,
                message!("{target} requires a provider id; `{}` was inferred from the authorization URL's host. Pass --provider ID if that is wrong.", known.id),
            ));
            known.id.to_owned()
        }
        None => {
            losses.push(Loss::new(
                LossCode::ProviderDefaulted,
                Field::AuthProvider,
                message!("{target} requires a provider id and none could be inferred; the generic `{GENERIC_PROVIDER}` was written. Pass --provider ID."),
            ));
            GENERIC_PROVIDER.to_owned()
        }
    }
}

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
    let mut table = String::from(
        "| provider id | hosts | authorization URL written | source |\n|---|---|---|---|\n",
    );
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
            "| `{}` | {hosts} | {} | {} |\n",
            provider.id, provider.authority, provider.source
        ));
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The OAuth2 providers arcade-core 4.23 builds in (`arcade_core.auth`).
    const ARCADE_CORE_PROVIDERS: [&str; 24] = [
        "airtable",
        "asana",
        "atlassian",
        "attio",
        "calendly",
        "clickup",
        "discord",
        "dropbox",
        "figma",
        "github",
        "google",
        "hubspot",
        "linear",
        "linkedin",
        "microsoft",
        "microsoft-powerbi",
        "notion",
        "pagerduty",
        "reddit",
        "slack",
        "spotify",
        "twitch",
        "x",
        "zoom",
    ];

    #[test]
    fn every_provider_the_arcade_sdk_builds_in_is_known() {
        for id in ARCADE_CORE_PROVIDERS {
            assert!(provider_by_id(id).is_some(), "{id} is missing");
        }
    }

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
