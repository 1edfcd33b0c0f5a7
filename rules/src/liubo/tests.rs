//! Liubo's engine against its rules: whole games between bots end, replay and check as
//! valid; each settled point of the module's doc behaves as settled.

use super::record::simulated;
use super::*;
use crate::play::bots::Bot;
use crate::play::record::check;

#[test]
fn games_between_bots_end_and_their_records_check_as_valid() {
    for index in 0..200 {
        let bots = [[Bot::Random, Bot::Random], [Bot::Greedy, Bot::Random], [Bot::Greedy, Bot::Greedy]][index % 3];
        let (result, record) = simulated(&bots, 5, index as u64);
        assert!(result.outcome.is_some(), "game {index} ended");
        let verdict = check(1, &record);
        assert!(verdict.valid, "game {index}: {verdict:?}");
        assert_eq!(verdict.winner, result.outcome.and_then(Outcome::winner));
    }
}
