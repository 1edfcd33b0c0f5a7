//! The King Wen sequence, written once: each hexagram's two trigrams and its names.
//!
//! English and French names are this project's own short renderings, informed by
//! James Legge's public-domain translation (1882); Chinese names are the
//! traditional characters of the received text.

use crate::core::trigram::Trigram;

/// The names of one hexagram.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Names {
    /// Traditional Chinese characters.
    pub zh: &'static str,
    /// Pinyin with tone marks.
    pub pinyin: &'static str,
    pub en: &'static str,
    pub fr: &'static str,
}

/// One row of the King Wen table.
pub(crate) struct Entry {
    pub lower: Trigram,
    pub upper: Trigram,
    pub names: Names,
}

const fn e(
    lower: Trigram,
    upper: Trigram,
    zh: &'static str,
    pinyin: &'static str,
    en: &'static str,
    fr: &'static str,
) -> Entry {
    Entry { lower, upper, names: Names { zh, pinyin, en, fr } }
}

const HEAVEN: Trigram = Trigram::HEAVEN;
const LAKE: Trigram = Trigram::LAKE;
const FIRE: Trigram = Trigram::FIRE;
const THUNDER: Trigram = Trigram::THUNDER;
const WIND: Trigram = Trigram::WIND;
const WATER: Trigram = Trigram::WATER;
const MOUNTAIN: Trigram = Trigram::MOUNTAIN;
const EARTH: Trigram = Trigram::EARTH;

/// Row `n - 1` is King Wen hexagram `n`: lower trigram, upper trigram, names.
#[rustfmt::skip]
pub(crate) const KING_WEN: [Entry; 64] = [
    e(HEAVEN, HEAVEN, "乾", "qián", "The Creative", "Le Créatif"),
    e(EARTH, EARTH, "坤", "kūn", "The Receptive", "Le Réceptif"),
    e(THUNDER, WATER, "屯", "zhūn", "Sprouting Difficulty", "La Difficulté initiale"),
    e(WATER, MOUNTAIN, "蒙", "méng", "Inexperience", "L’Inexpérience"),
    e(HEAVEN, WATER, "需", "xū", "Waiting", "L’Attente"),
    e(WATER, HEAVEN, "訟", "sòng", "Dispute", "Le Conflit"),
    e(WATER, EARTH, "師", "shī", "The Army", "L’Armée"),
    e(EARTH, WATER, "比", "bǐ", "Union", "L’Union"),
    e(HEAVEN, WIND, "小畜", "xiǎo chù", "Small Restraint", "La Petite Retenue"),
    e(LAKE, HEAVEN, "履", "lǚ", "Treading", "La Marche"),
    e(HEAVEN, EARTH, "泰", "tài", "Peace", "La Paix"),
    e(EARTH, HEAVEN, "否", "pǐ", "Standstill", "La Stagnation"),
    e(FIRE, HEAVEN, "同人", "tóng rén", "Fellowship", "La Communauté"),
    e(HEAVEN, FIRE, "大有", "dà yǒu", "Great Possession", "Le Grand Avoir"),
    e(MOUNTAIN, EARTH, "謙", "qiān", "Modesty", "L’Humilité"),
    e(EARTH, THUNDER, "豫", "yù", "Enthusiasm", "L’Enthousiasme"),
    e(THUNDER, LAKE, "隨", "suí", "Following", "La Suite"),
    e(WIND, MOUNTAIN, "蠱", "gǔ", "Mending Decay", "La Réparation"),
    e(LAKE, EARTH, "臨", "lín", "Approach", "L’Approche"),
    e(EARTH, WIND, "觀", "guān", "Contemplation", "La Contemplation"),
    e(THUNDER, FIRE, "噬嗑", "shì kè", "Biting Through", "Mordre au travers"),
    e(FIRE, MOUNTAIN, "賁", "bì", "Adornment", "La Grâce"),
    e(EARTH, MOUNTAIN, "剝", "bō", "Stripping Away", "L’Effritement"),
    e(THUNDER, EARTH, "復", "fù", "Return", "Le Retour"),
    e(THUNDER, HEAVEN, "無妄", "wú wàng", "Innocence", "L’Innocence"),
    e(HEAVEN, MOUNTAIN, "大畜", "dà chù", "Great Restraint", "La Grande Retenue"),
    e(THUNDER, MOUNTAIN, "頤", "yí", "Nourishment", "La Nourriture"),
    e(WIND, LAKE, "大過", "dà guò", "Great Excess", "Le Grand Excès"),
    e(WATER, WATER, "坎", "kǎn", "The Abyss", "L’Abîme"),
    e(FIRE, FIRE, "離", "lí", "Radiance", "Le Rayonnement"),
    e(MOUNTAIN, LAKE, "咸", "xián", "Attraction", "L’Attirance"),
    e(WIND, THUNDER, "恆", "héng", "Endurance", "La Durée"),
    e(MOUNTAIN, HEAVEN, "遯", "dùn", "Retreat", "La Retraite"),
    e(HEAVEN, THUNDER, "大壯", "dà zhuàng", "Great Strength", "La Grande Force"),
    e(EARTH, FIRE, "晉", "jìn", "Advance", "Le Progrès"),
    e(FIRE, EARTH, "明夷", "míng yí", "Dimmed Light", "La Lumière voilée"),
    e(FIRE, WIND, "家人", "jiā rén", "The Household", "La Famille"),
    e(LAKE, FIRE, "睽", "kuí", "Estrangement", "L’Opposition"),
    e(MOUNTAIN, WATER, "蹇", "jiǎn", "Obstruction", "L’Obstacle"),
    e(WATER, THUNDER, "解", "xiè", "Release", "La Délivrance"),
    e(LAKE, MOUNTAIN, "損", "sǔn", "Decrease", "La Diminution"),
    e(THUNDER, WIND, "益", "yì", "Increase", "L’Augmentation"),
    e(HEAVEN, LAKE, "夬", "guài", "Breakthrough", "La Percée"),
    e(WIND, HEAVEN, "姤", "gòu", "Encounter", "La Rencontre"),
    e(EARTH, LAKE, "萃", "cuì", "Gathering", "Le Rassemblement"),
    e(WIND, EARTH, "升", "shēng", "Ascending", "L’Élévation"),
    e(WATER, LAKE, "困", "kùn", "Exhaustion", "L’Épuisement"),
    e(WIND, WATER, "井", "jǐng", "The Well", "Le Puits"),
    e(FIRE, LAKE, "革", "gé", "Revolution", "La Révolution"),
    e(WIND, FIRE, "鼎", "dǐng", "The Cauldron", "Le Chaudron"),
    e(THUNDER, THUNDER, "震", "zhèn", "Shock", "L’Ébranlement"),
    e(MOUNTAIN, MOUNTAIN, "艮", "gèn", "Stillness", "L’Immobilité"),
    e(MOUNTAIN, WIND, "漸", "jiàn", "Gradual Growth", "Le Progrès graduel"),
    e(LAKE, THUNDER, "歸妹", "guī mèi", "The Marrying Maiden", "La Jeune Épousée"),
    e(FIRE, THUNDER, "豐", "fēng", "Abundance", "L’Abondance"),
    e(MOUNTAIN, FIRE, "旅", "lǚ", "The Traveller", "Le Voyageur"),
    e(WIND, WIND, "巽", "xùn", "Gentle Wind", "Le Vent doux"),
    e(LAKE, LAKE, "兌", "duì", "Joy", "La Joie"),
    e(WATER, WIND, "渙", "huàn", "Dispersal", "La Dispersion"),
    e(LAKE, WATER, "節", "jié", "Limitation", "La Mesure"),
    e(LAKE, WIND, "中孚", "zhōng fú", "Inner Truth", "La Vérité intérieure"),
    e(MOUNTAIN, THUNDER, "小過", "xiǎo guò", "Small Excess", "Le Petit Excès"),
    e(FIRE, WATER, "既濟", "jì jì", "After Completion", "Après l’accomplissement"),
    e(WATER, FIRE, "未濟", "wèi jì", "Before Completion", "Avant l’accomplissement"),
];

/// `Heaven` from `heaven`: the first letter upper-cased.
pub fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
