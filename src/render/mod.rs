//! Pictures (the core's: boards, diagrams, galleries, search trees, huge boards), and here those
//! that need a solver or a piece's moves: the animation of the lecture's backtracking, the
//! squares a piece attacks, the search tree of a Davis–Putnam report, and the command line's
//! pictures of a solution.

pub use nqueens_core::render::*;

mod animation;
mod lecture;
mod picture;

pub use animation::{MAX_ANIMATED, backtracking_animation};
pub use lecture::{attacks, attacks_of, search_tree};
pub use picture::SolutionPicture;
