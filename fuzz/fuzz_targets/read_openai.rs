#![no_main]

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    toolshift_fuzz::read_and_convert(&toolshift_openai::OpenAi, bytes);
});
