//! The lines every game's record starts and ends with, written once: `game`, `players`,
//! `seed` and `bots` (when a program played) before the game's own setup, `actions` and
//! `result` after it (the format: [`super::registry`]). A game declares its record with
//! [`game_record!`], naming only its own fields.

/// Declares a game's record type: the fields every record shares around the game's own.
///
/// ```ignore
/// game_record! {
///     /// One game.
///     pub struct Record {
///         // Fields written between `game` and `players`, and between `players` and
///         // `seed` (each optional: older records keep their order).
///         after_game { pub deck: DeckField, }
///         after_players { pub orientation: Mode, }
///         // The setup: the game's own fields, between `bots` and `actions`.
///         pub decks: Vec<Vec<u8>>,
///         actions: Vec<Entry>,
///         result: Ending,
///     }
/// }
/// ```
///
/// The record derives `Clone, Debug, PartialEq, Eq, Serialize, Deserialize` and refuses a
/// field it does not know; `seed`, `bots` and `result` are left out when absent.
macro_rules! game_record {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $(after_game { $( $(#[$first_meta:meta])* pub $first:ident : $first_type:ty, )* })?
            $(after_players { $( $(#[$head_meta:meta])* pub $head:ident : $head_type:ty, )* })?
            $( $(#[$own_meta:meta])* pub $own:ident : $own_type:ty, )*
            actions: $actions:ty,
            result: $ending:ty $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Eq, ::serde::Serialize, ::serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            /// The game's key.
            pub game: String,
            $($( $(#[$first_meta])* pub $first: $first_type, )*)?
            pub players: usize,
            $($( $(#[$head_meta])* pub $head: $head_type, )*)?
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub seed: Option<u64>,
            /// The programs that played each seat, in seat order.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub bots: Option<Vec<String>>,
            $( $(#[$own_meta])* pub $own: $own_type, )*
            pub actions: $actions,
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub result: Option<$ending>,
        }
    };
}

pub(crate) use game_record;
