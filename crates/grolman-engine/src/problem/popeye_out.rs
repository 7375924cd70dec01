//! A twin's report in Popeye's layout, so that tools reading Popeye's output read ours: its
//! long notation (`Sa5-c4`), two spaces before a first turn, four more for each level below
//! (`1...` defences at 6, answers at 10), `threat:` with the threats on the lines below,
//! `zugzwang.`, tries marked `?` with `but` and the refutations marked `!`, helpmate lines as
//! `1.Kd7-e8 Rb8-b7   2.Ke8-d8 Rb7-b8 #`, and `solution finished.` at the end.

use grolman::{Position, Role, Turn};

use super::report::{Attack, Defence, Line, TwinReport};

impl TwinReport {
    /// The report in Popeye's layout; `time` (seconds), when given, goes on the last line as
    /// Popeye's `Time = ...`.
    pub fn popeye_text(&self, time: Option<f64>) -> String {
        let mut out = Vec::new();
        if !self.label.is_empty() {
            out.push(String::new());
            out.push(format!("{} {}", self.label, self.change).trim_end().to_string());
        }
        if let Some(why) = &self.illegal {
            out.push(format!("illegal position: {why}"));
            return join(out);
        }
        out.push(String::new());
        for d in &self.set_play {
            defence(d, 1, 0, &mut out);
        }
        for l in &self.set_help {
            out.push(format!("  {}", line(l)));
        }
        if !self.set_play.is_empty() || !self.set_help.is_empty() {
            out.push(String::new());
        }
        for l in self.short.iter().chain(&self.help) {
            out.push(format!("  {}", line(l)));
        }
        for d in &self.post_key {
            defence(d, 1, 0, &mut out);
        }
        if !self.post_key_refutations.is_empty() {
            out.push("    but".into());
            for r in &self.post_key_refutations {
                out.push(format!("      1...{} !", r.long));
            }
        }
        for k in &self.keys {
            attack(k, 1, 0, " !", &mut out);
        }
        for t in &self.tries {
            attack(&t.attack, 1, 0, " ?", &mut out);
            out.push("    but".into());
            for r in &t.refutations {
                out.push(format!("      1...{} !", r.long));
            }
        }
        out.push(String::new());
        out.push(match time {
            Some(t) => format!("solution finished. Time = {t:.3} s"),
            None => "solution finished.".into(),
        });
        join(out)
    }
}

fn join(lines: Vec<String>) -> String {
    let mut s = lines.join("\n");
    s.push('\n');
    s
}

fn indent(level: usize) -> String {
    " ".repeat(2 + 4 * level)
}

/// An attacker's turn at `level` (0 for a first turn) with its threat and defences.
fn attack(a: &Attack, number: u32, level: usize, mark: &str, out: &mut Vec<String>) {
    let mut head = format!("{}{number}.{}{mark}", indent(level), a.turn.long);
    if a.zugzwang {
        head.push_str(" zugzwang.");
        out.push(head);
    } else if !a.threats.is_empty() {
        head.push_str(" threat:");
        out.push(head);
        for t in &a.threats {
            attack(t, number + 1, level + 2, "", out);
        }
    } else {
        out.push(head);
    }
    for d in &a.defences {
        defence(d, number, level + 1, out);
    }
}

fn defence(d: &Defence, number: u32, level: usize, out: &mut Vec<String>) {
    out.push(format!("{}{number}...{}", indent(level), d.turn.long));
    for a in &d.answers {
        attack(a, number + 1, level + 1, "", out);
    }
}

/// `1.Kd7-e8 Rb8-b7   2.Ke8-d8 Rb7-b8 #`; `1...Rb8-b7   2...` when the first stands alone;
/// a series numbered turn by turn.
fn line(l: &Line) -> String {
    l.numbered(|m| &m.long, "   ")
}

/// Popeye's English long notation of a turn played in `pos`: `Sa5-c4`, `e5*d6 ep.`, `0-0`,
/// `b7-b8=Q`, ` +` and ` #`; a Grolman chain follows in parentheses (`e2-e4 (Sg1-e2,
/// Rh1-g1)`) and Tatarstan transformations in brackets as in our notation, since Popeye has
/// neither.
pub(super) fn long_notation(pos: &Position, t: &Turn) -> String {
    let board = pos.board();
    let letter = |role: Role| match role {
        Role::Pawn => String::new(),
        Role::Knight => "S".into(),
        r => r.upper().to_string(),
    };
    let promotion = |p: Option<Role>| p.map_or(String::new(), |r| format!("={}", letter(r)));
    let lead = t.steps[0];
    let role = board.piece_at(lead.from).map_or(Role::Pawn, |p| p.role);
    let files = i32::from(lead.to.file()) - i32::from(lead.from.file());
    let mut s = if role == Role::King && files.abs() == 2 {
        if files > 0 {
            "0-0".into()
        } else {
            "0-0-0".into()
        }
    } else {
        let target = board.piece_at(lead.to);
        let en_passant = role == Role::Pawn && files != 0 && target.is_none();
        let sep = if target.is_some() || en_passant { '*' } else { '-' };
        let ep = if en_passant { " ep." } else { "" };
        format!(
            "{}{}{sep}{}{}{ep}",
            letter(role),
            lead.from,
            lead.to,
            promotion(lead.promotion)
        )
    };
    let followers: Vec<String> = t
        .followers()
        .iter()
        .map(|f| {
            let r = board.piece_at(f.from).map_or(Role::Pawn, |p| p.role);
            format!("{}{}-{}{}", letter(r), f.from, f.to, promotion(f.promotion))
        })
        .collect();
    if !followers.is_empty() {
        s.push_str(&format!(" ({})", followers.join(", ")));
    }
    if let Some(i) = t.notation.find(" [") {
        s.push_str(t.notation[i..].trim_end_matches(['+', '#']));
    }
    if t.mate {
        s.push_str(" #");
    } else if t.check {
        s.push_str(" +");
    }
    s
}
