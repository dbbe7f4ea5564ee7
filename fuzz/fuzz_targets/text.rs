#![no_main]
// Text as a library caller passes it: the first byte chooses the target and strict
// mode, the rest is the manifest.
libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    if let Some((&which, rest)) = bytes.split_first() {
        if let Ok(text) = std::str::from_utf8(rest) {
            toolshift_fuzz::convert_text(which, text);
        }
    }
});
