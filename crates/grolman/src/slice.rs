//! Slicing and searching text without a panic path. The page's wasm reads turn codes (its URL
//! fragment and storage) with notation/movetext.rs and turn.rs: indexing a `str` (`&text[a..b]`)
//! or searching it for a `&str` links core's char-boundary panic and its message formatting into
//! that wasm, for ranges that never fail there (each comes from a `find` on the same text, or
//! from text checked to be ASCII). These do the same without it.

/// `text[range]`, or "" for a range that does not fall on `text`'s characters.
pub(crate) fn part<I: core::slice::SliceIndex<str, Output = str>>(text: &str, range: I) -> &str {
    text.get(range).unwrap_or_default()
}

/// Where `pattern` (ASCII) first occurs in `text`.
pub(crate) fn find_ascii(text: &str, pattern: &[u8]) -> Option<usize> {
    text.as_bytes()
        .windows(pattern.len())
        .position(|window| window == pattern)
}

/// `text` with each `\` followed by `escaped` read as `escaped` alone, from the left, as
/// `str::replace` would.
pub(crate) fn unescape(text: &str, escaped: char) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && chars.next_if_eq(&escaped).is_some() {
            out.push(escaped);
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unescape_reads_pairs_from_the_left_as_replace_does() {
        for text in [r#"a\"b"#, r#"\\\"#, r#"\\""#, r#"no escapes"#, r#"\"#, "é\\\"ü"] {
            assert_eq!(
                unescape(&unescape(text, '"'), '\\'),
                text.replace("\\\"", "\"").replace("\\\\", "\\"),
                "{text}"
            );
        }
    }

    #[test]
    fn find_ascii_finds_the_first_occurrence_after_any_characters() {
        assert_eq!(
            find_ascii("é [%cal Ge2e4] [%csl Rd4]", b"[%"),
            "é [%cal Ge2e4] [%csl Rd4]".find("[%")
        );
        assert_eq!(find_ascii("no command", b"[%"), None);
        assert_eq!(find_ascii("[", b"[%"), None);
    }

    #[test]
    fn part_is_empty_off_the_characters() {
        assert_eq!(part("été", 0..2), "é");
        assert_eq!(part("été", 0..1), "");
        assert_eq!(part("abc", 2..9), "");
    }
}
