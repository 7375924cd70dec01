//! The tree of turns a game holds: the main line and side lines from any earlier turn, with a
//! comment, annotation glyphs (NAGs) and drawn shapes on each node. It knows nothing of the
//! rules: [`Game`](crate::Game) plays the turns and keeps its current node in this tree.

use core::fmt;

use serde::{Deserialize, Serialize};

use crate::turn::Turn;
use crate::types::Square;

/// A node of the tree; [`Tree::ROOT`] is the start position, every other node a turn.
pub type NodeId = usize;

/// The colour of a drawn shape, as lichess writes it in `[%cal]` / `[%csl]` (G, R, Y, B).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ShapeColor {
    Green,
    Red,
    Yellow,
    Blue,
}

impl ShapeColor {
    pub fn letter(self) -> char {
        match self {
            ShapeColor::Green => 'G',
            ShapeColor::Red => 'R',
            ShapeColor::Yellow => 'Y',
            ShapeColor::Blue => 'B',
        }
    }

    pub fn from_letter(c: char) -> Option<ShapeColor> {
        match c {
            'G' => Some(ShapeColor::Green),
            'R' => Some(ShapeColor::Red),
            'Y' => Some(ShapeColor::Yellow),
            'B' => Some(ShapeColor::Blue),
            _ => None,
        }
    }
}

/// An arrow from one square to another, or a circled square when `from == to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shape {
    pub color: ShapeColor,
    pub from: Square,
    pub to: Square,
}

impl fmt::Display for Shape {
    /// `Ge2e4` for an arrow, `Rd5` for a circle (the `[%cal]` / `[%csl]` forms).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.color.letter(), self.from)?;
        if self.to != self.from {
            write!(f, "{}", self.to)?;
        }
        Ok(())
    }
}

impl Shape {
    /// Reads `Ge2e4` (an arrow) or `Rd5` (a circle).
    pub fn parse(token: &str) -> Option<Shape> {
        let mut chars = token.chars();
        let color = ShapeColor::from_letter(chars.next()?)?;
        let rest = chars.as_str();
        let square = |s: &str| Square::parse(s.get(..2)?).filter(|_| s.len() == 2);
        let (from, to) = match rest.len() {
            2 => (square(rest)?, square(rest)?),
            4 => (square(rest.get(..2)?)?, square(rest.get(2..)?)?),
            _ => return None,
        };
        Some(Shape { color, from, to })
    }
}

/// What a reader or a teacher adds to a position: a comment, glyphs (`$1` = `!`, ...) and shapes.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Note {
    pub comment: String,
    pub nags: Vec<u8>,
    pub shapes: Vec<Shape>,
}

impl Note {
    pub fn is_empty(&self) -> bool {
        self.comment.is_empty() && self.nags.is_empty() && self.shapes.is_empty()
    }
}

#[derive(Debug, Clone)]
struct Node {
    turn: Option<Turn>,
    parent: Option<NodeId>,
    /// The continuations; the first is the main one.
    children: Vec<NodeId>,
    note: Note,
}

/// The turns of a game as a tree. Node ids are indices; removing a line renumbers the nodes
/// after it (a caller holding an id asks again).
#[derive(Debug, Clone)]
pub struct Tree {
    nodes: Vec<Node>,
}

impl Default for Tree {
    fn default() -> Self {
        Tree::new()
    }
}

impl Tree {
    /// The start position.
    pub const ROOT: NodeId = 0;

    pub fn new() -> Tree {
        Tree {
            nodes: vec![Node {
                turn: None,
                parent: None,
                children: Vec::new(),
                note: Note::default(),
            }],
        }
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    pub fn contains(&self, id: NodeId) -> bool {
        id < self.nodes.len()
    }

    /// The turn that leads to `id` (`None` for the root).
    ///
    /// # Panics
    /// When `id` is not a node of this tree (so for every `id` below).
    pub fn turn(&self, id: NodeId) -> Option<&Turn> {
        self.nodes[id].turn.as_ref()
    }

    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id].parent
    }

    /// The continuations of `id`, the main one first.
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        &self.nodes[id].children
    }

    pub fn note(&self, id: NodeId) -> &Note {
        &self.nodes[id].note
    }

    pub fn set_note(&mut self, id: NodeId, note: Note) {
        self.nodes[id].note = note;
    }

    /// The continuation of `id` by `turn`: the existing one with the same turn code, else a new
    /// last continuation (a side line when `id` already had one).
    pub fn add(&mut self, id: NodeId, turn: Turn) -> NodeId {
        if let Some(&child) = self.nodes[id]
            .children
            .iter()
            .find(|&&c| self.nodes[c].turn.as_ref().is_some_and(|t| t.code == turn.code))
        {
            return child;
        }
        let child = self.nodes.len();
        self.nodes.push(Node {
            turn: Some(turn),
            parent: Some(id),
            children: Vec::new(),
            note: Note::default(),
        });
        self.nodes[id].children.push(child);
        child
    }

    /// The nodes from the first turn to `id` (empty for the root).
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut at = id;
        while let Some(parent) = self.nodes[at].parent {
            path.push(at);
            at = parent;
        }
        path.reverse();
        path
    }

    /// The end of the line through `id`: its main continuations followed to the last.
    pub fn line_end(&self, id: NodeId) -> NodeId {
        let mut at = id;
        while let Some(&next) = self.nodes[at].children.first() {
            at = next;
        }
        at
    }

    /// Whether `id` is on the main line (every node from the root to it a first continuation).
    pub fn on_main_line(&self, id: NodeId) -> bool {
        self.path(id).iter().all(|&n| {
            self.nodes[n]
                .parent
                .is_some_and(|p| self.nodes[p].children[0] == n)
        })
    }

    /// Moves the side line that holds `id` one place up among its parent's continuations, at
    /// the nearest node where it branches off (so that promoting a line often enough makes it
    /// the main line). Returns false when `id` is on the main line.
    pub fn promote(&mut self, id: NodeId) -> bool {
        let mut at = id;
        while let Some(parent) = self.nodes[at].parent {
            let siblings = &mut self.nodes[parent].children;
            let place = siblings.iter().position(|&c| c == at).unwrap_or(0);
            if place > 0 {
                siblings.swap(place, place - 1);
                return true;
            }
            at = parent;
        }
        false
    }

    /// Removes `id` and every node after it (not the root). Returns the new id of `keep`, or of
    /// `id`'s parent when `keep` was removed with it.
    pub fn remove(&mut self, id: NodeId, keep: NodeId) -> NodeId {
        let Some(parent) = self.nodes[id].parent else {
            return keep;
        };
        let mut gone = vec![false; self.nodes.len()];
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            gone[n] = true;
            stack.extend_from_slice(&self.nodes[n].children);
        }
        let keep = if gone[keep] { parent } else { keep };
        let mut new_id = vec![usize::MAX; self.nodes.len()];
        let mut next = 0;
        for (old, &g) in gone.iter().enumerate() {
            if !g {
                new_id[old] = next;
                next += 1;
            }
        }
        let old_nodes = core::mem::take(&mut self.nodes);
        self.nodes = old_nodes
            .into_iter()
            .zip(gone)
            .filter(|(_, g)| !g)
            .map(|(mut node, _)| {
                node.parent = node.parent.map(|p| new_id[p]);
                node.children = node
                    .children
                    .iter()
                    .filter(|&&c| new_id[c] != usize::MAX)
                    .map(|&c| new_id[c])
                    .collect();
                node
            })
            .collect();
        new_id[keep]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_read_and_write_in_the_lichess_forms() {
        let arrow = Shape::parse("Ge2e4").unwrap();
        assert_eq!(arrow.to_string(), "Ge2e4");
        let circle = Shape::parse("Rd5").unwrap();
        assert_eq!((circle.from, circle.to), (circle.from, circle.from));
        assert_eq!(circle.to_string(), "Rd5");
        for bad in ["", "G", "Xe2e4", "Ge2e", "Ge9", "Ge2e4e5"] {
            assert_eq!(Shape::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_shape_whose_middle_falls_inside_a_character_is_refused() {
        // Four bytes after the colour, the third inside `é`: a comment's `[%cal Gaéb]` (a URL
        // fragment's, in the page) had panicked there.
        assert_eq!(Shape::parse("Gaéb"), None);
    }
}
