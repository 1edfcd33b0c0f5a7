//! `GET /api/meta`: the lists the web page builds its controls from (trigrams, card
//! decks, Pathways decks and orientations, Zhi Pai sides and conditions, spreads), computed from
//! the core and the games so the page restates none of them.

use super::Routes;
use crate::cards::{CANVAS_HEIGHT_MM, CANVAS_WIDTH_MM};
use crate::games::decks;
use axum::Json;
use hexforge_rules::changing_lines::deck::DeckName;
use hexforge_rules::changing_lines::pathways::Mode;
use hexforge_rules::core::card::Orientation;
use hexforge_rules::core::spread::{SPREADS, Spread};
use hexforge_rules::core::trigram::Trigram;
use hexforge_rules::zhi_pai::rules::{Condition, Side};
use serde::Serialize;
use std::sync::LazyLock;

pub(super) fn routes(routes: Routes) -> Routes {
    routes.get_from_memory("/api/meta", meta_route)
}

/// The whole answer of `GET /api/meta`.
#[derive(Debug, Clone, Serialize)]
pub struct Meta {
    /// The eight trigrams in the order of docs/conventions.md, Hexagrams.
    pub trigrams: Vec<TrigramMeta>,
    /// The decks whose faces `/cards/{deck}/{file}` draws.
    pub card_decks: Vec<CardDeckMeta>,
    /// A card face's size, bleed included (mm).
    pub card_size_mm: SizeMm,
    /// The two ways up of a dual-orientation card.
    pub orientations: Vec<Named>,
    pub pathways: PathwaysMeta,
    pub zhipai: ZhiPaiMeta,
    /// The divination spreads, each with its positions in the order dealt.
    pub spreads: Vec<Spread>,
}

#[derive(Debug, Clone, Serialize)]
pub struct TrigramMeta {
    pub name: &'static str,
    pub symbol: char,
    pub chinese: &'static str,
    pub pinyin: &'static str,
}

#[derive(Debug, Clone, Serialize)]
pub struct CardDeckMeta {
    pub slug: &'static str,
    pub title: &'static str,
}

#[derive(Debug, Clone, Serialize)]
pub struct SizeMm {
    pub width: f32,
    pub height: f32,
}

/// A value of the API with a short description for people.
#[derive(Debug, Clone, Serialize)]
pub struct Named {
    pub name: &'static str,
    pub description: &'static str,
}

#[derive(Debug, Clone, Serialize)]
pub struct PathwaysMeta {
    /// The named decks, largest first, with their cards.
    pub decks: Vec<PathwaysDeckMeta>,
    /// The values of `orientation` in a Pathways query.
    pub modes: Vec<Named>,
}

#[derive(Debug, Clone, Serialize)]
pub struct PathwaysDeckMeta {
    pub name: &'static str,
    pub cards: Vec<u8>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ZhiPaiMeta {
    pub sides: Vec<Named>,
    pub conditions: Vec<ConditionMeta>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ConditionMeta {
    pub condition: Condition,
    /// A noun phrase that reads after "link by"; `{trigram}` stands for the trigram card
    /// spent (condition 3).
    pub description: &'static str,
}

fn orientation_description(orientation: Orientation) -> &'static str {
    match orientation {
        Orientation::Dark => "card upright",
        Orientation::Light => "card turned",
    }
}

fn mode_description(mode: Mode) -> &'static str {
    match mode {
        Mode::Dark => "card n shows n",
        Mode::Light => "every card turned",
        Mode::Free => "either way",
    }
}

fn side_description(side: Side) -> &'static str {
    match side {
        Side::Left => "after the left end",
        Side::Right => "before the right end",
    }
}

fn condition_description(condition: Condition) -> &'static str {
    match condition {
        Condition::OneLine => "a change of one line",
        Condition::Swap => "a swap of two lines",
        Condition::Trigram => "the same {trigram} trigram, its card spent",
    }
}

/// Every side and condition (the rules define no list of them).
const SIDES: [Side; 2] = [Side::Left, Side::Right];
const CONDITIONS: [Condition; 3] = [Condition::OneLine, Condition::Swap, Condition::Trigram];

/// The answer, computed once.
pub fn meta() -> &'static Meta {
    static META: LazyLock<Meta> = LazyLock::new(|| Meta {
        trigrams: Trigram::ALL
            .into_iter()
            .map(|t| TrigramMeta { name: t.name(), symbol: t.symbol(), chinese: t.chinese(), pinyin: t.pinyin() })
            .collect(),
        card_decks: decks::ALL.into_iter().map(|d| CardDeckMeta { slug: d.slug(), title: d.title() }).collect(),
        card_size_mm: SizeMm { width: CANVAS_WIDTH_MM, height: CANVAS_HEIGHT_MM },
        orientations: Orientation::BOTH
            .into_iter()
            .map(|o| Named { name: o.name(), description: orientation_description(o) })
            .collect(),
        pathways: PathwaysMeta {
            decks: DeckName::ALL
                .into_iter()
                .rev()
                .map(|d| PathwaysDeckMeta { name: d.name(), cards: d.cards().numbers() })
                .collect(),
            modes: Mode::ALL.into_iter().map(|m| Named { name: m.name(), description: mode_description(m) }).collect(),
        },
        zhipai: ZhiPaiMeta {
            sides: SIDES.into_iter().map(|s| Named { name: s.name(), description: side_description(s) }).collect(),
            conditions: CONDITIONS
                .into_iter()
                .map(|c| ConditionMeta { condition: c, description: condition_description(c) })
                .collect(),
        },
        spreads: SPREADS.to_vec(),
    });
    &META
}

async fn meta_route() -> Json<&'static Meta> {
    Json(meta())
}
