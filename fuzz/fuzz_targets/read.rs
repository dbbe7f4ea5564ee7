#![no_main]
// The first byte chooses the reader from the registry, so one target covers every
// dialect, whichever the registry lists; the rest is the document.
libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    let dialects = toolshift::registry::DIALECTS;
    if let Some((&which, rest)) = bytes.split_first() {
        if let Some(&dialect) = dialects.get(usize::from(which) % dialects.len()) {
            toolshift_fuzz::read_and_convert(dialect, rest);
        }
    }
});
