//! The greedy player, as the measurements run it: the engine's `greedy` bot
//! ([`super::heuristic`]) playing a deal out under a variant.

use super::engine::Solitaire;
use super::{Deal, Variant};
use crate::play::Game;
use crate::play::bots::Bot;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Plays a deal out with `bot`; the stock cards turned if the piles are cleared, else `None`.
pub fn play_with(bot: Bot, deal: &Deal, variant: Variant, seed: u64) -> Option<usize> {
    let mut game = Solitaire::new(deal.clone(), variant);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while game.to_move().is_some() {
        let action = bot.choose(&game, &mut rng);
        game.apply(&action).expect("a bot chooses a legal action");
    }
    (game.outcome().and_then(crate::play::Outcome::winner).is_some()).then(|| game.turned())
}

/// Plays a deal out greedily; the stock cards turned if the piles are cleared, else `None`.
pub fn play(deal: &Deal, variant: Variant) -> Option<usize> {
    play_with(Bot::Greedy, deal, variant, 0)
}
