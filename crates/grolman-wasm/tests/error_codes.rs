//! Every code the facade can throw has its English text, and the English catalog has no text
//! for a code that no error gives (web/i18n/en/: errors.js, and panels.js for the errors of
//! problem texts and PGN, which only the panels show; tests/unit/i18n.test.mjs holds the other
//! languages to English's keys, part by part).

use std::collections::BTreeSet;

fn english_keys() -> BTreeSet<String> {
    english_texts().into_iter().map(|(key, _)| key).collect()
}

/// `(key, text)` of every `"error.<key>": "<text>"` line of the English catalog's parts.
fn english_texts() -> Vec<(String, String)> {
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/i18n/en");
    let mut texts = Vec::new();
    for part in ["errors.js", "panels.js"] {
        let path = format!("{folder}/{part}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        texts.extend(
            text.lines()
                .filter_map(|line| line.trim().strip_prefix("\"error."))
                .filter_map(|rest| rest.split_once("\": "))
                .map(|(key, value)| {
                    let value = value.trim_end_matches(',');
                    let text: String = serde_json::from_str(value).unwrap_or_default();
                    (key.to_string(), text)
                }),
        );
    }
    texts
}

#[test]
fn every_code_is_unique_and_has_an_english_text() {
    let codes = grolman_wasm::fail::all_codes();
    let unique: BTreeSet<&str> = codes.iter().copied().collect();
    assert_eq!(unique.len(), codes.len(), "a code given twice");
    let english = english_keys();
    let missing: Vec<&str> = codes.iter().copied().filter(|c| !english.contains(*c)).collect();
    assert!(
        missing.is_empty(),
        "codes without an English text in web/i18n/en/: {missing:?}"
    );
    for code in &codes {
        assert!(
            code.split('.').count() == 2
                && code
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '-' || c == '.'),
            "{code} is not family.lower-case-words"
        );
    }
}

#[test]
fn the_english_catalog_names_no_code_that_no_error_gives() {
    let codes: BTreeSet<String> = grolman_wasm::fail::all_codes()
        .iter()
        .map(|c| c.to_string())
        .collect();
    let stale: Vec<String> = english_keys()
        .into_iter()
        .filter(|key| !key.starts_with("word.") && !codes.contains(key))
        .collect();
    assert!(stale.is_empty(), "texts for codes no error gives: {stale:?}");
}

#[test]
fn what_a_problem_text_lacks_is_a_word_of_the_catalog_that_reads_as_the_reader_says_it() {
    use grolman_engine::problem::Expected;
    let words: Vec<(String, String)> = english_texts()
        .into_iter()
        .filter_map(|(key, text)| {
            key.strip_prefix("word.wanted.")
                .map(|name| (name.to_string(), text))
        })
        .collect();
    let wanted: Vec<(String, String)> = Expected::ALL
        .iter()
        .map(|e| (e.name().to_string(), e.to_string()))
        .collect();
    assert_eq!(words, wanted);
}
