//! Text written a byte at a time, appended to a `String` in chunks. In the page's wasm, built
//! for size, `String::push` and `push_str` are calls (not inlined) and `push` encodes UTF-8
//! each time: writing a Tatarstan turn's list of transformations so, a character a call, took
//! a sixth of the whole turn query there.

/// Collects ASCII bytes and appends them to `out` 64 at a time, and the rest on
/// [`finish`](Ascii::finish).
pub(crate) struct Ascii<'a> {
    out: &'a mut String,
    buf: [u8; 64],
    len: usize,
}

impl<'a> Ascii<'a> {
    pub(crate) fn new(out: &'a mut String) -> Self {
        Ascii {
            out,
            buf: [0; 64],
            len: 0,
        }
    }

    /// Appends `b`, which must be ASCII (any other byte is left out, so the text stays UTF-8).
    #[inline(always)]
    pub(crate) fn push(&mut self, b: u8) {
        if self.len == self.buf.len() {
            self.flush();
        }
        // `len` is below 64 here: the mask only lets the compiler see it.
        self.buf[self.len & 63] = b;
        self.len += usize::from(b.is_ascii());
    }

    #[inline(always)]
    pub(crate) fn push_square(&mut self, sq: crate::Square) {
        self.push(b'a' + sq.file());
        self.push(b'1' + sq.rank());
    }

    /// Appends `n` in decimal.
    pub(crate) fn push_number(&mut self, n: u32) {
        let mut digits = [0u8; 10];
        let mut len = 0;
        let mut rest = n;
        loop {
            digits[len] = b'0' + (rest % 10) as u8;
            len += 1;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        for &d in digits[..len].iter().rev() {
            self.push(d);
        }
    }

    fn flush(&mut self) {
        // Only ASCII bytes were kept, so the chunk is always UTF-8.
        if let Some(Ok(text)) = self.buf.get(..self.len).map(core::str::from_utf8) {
            self.out.push_str(text);
        }
        self.len = 0;
    }

    /// Appends what is left.
    pub(crate) fn finish(mut self) {
        self.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::Ascii;

    #[test]
    fn chunks_append_in_order_across_the_buffer_size() {
        let mut s = String::from("x");
        let mut w = Ascii::new(&mut s);
        for i in 0..200u32 {
            w.push(b'a' + (i % 26) as u8);
        }
        w.finish();
        let expected: String = std::iter::once('x')
            .chain((0..200u32).map(|i| (b'a' + (i % 26) as u8) as char))
            .collect();
        assert_eq!(s, expected);
    }

    #[test]
    fn numbers_are_written_in_decimal() {
        let mut s = String::new();
        let mut w = Ascii::new(&mut s);
        for n in [0, 7, 10, 99, 100, 4_294_967_295] {
            w.push_number(n);
            w.push(b' ');
        }
        w.finish();
        assert_eq!(s, "0 7 10 99 100 4294967295 ");
    }

    #[test]
    fn a_byte_that_is_not_ascii_is_left_out() {
        let mut s = String::new();
        let mut w = Ascii::new(&mut s);
        w.push(b'a');
        w.push(0xC3);
        w.push(b'b');
        w.finish();
        assert_eq!(s, "ab");
    }
}
