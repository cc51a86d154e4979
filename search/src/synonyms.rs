//! Search synonyms, kept once in `search/data/synonyms.json` and read by both backends.
//!
//! The embedded backend expands at index time: a car whose searchable text holds a
//! phrase of a group also gets the group's other phrases ([`Synonyms::expand`], called
//! when a car's search document is derived). Index time rather than query time because the
//! expanded words then go through the same tokenizer, prefix and typo rules as every other
//! word on both backends (a typo in "utilty" still finds a ute), multi-word phrases
//! ("four wheel drive") need no phrase queries, and the query path keeps its latency.
//! Meilisearch indexes the same expanded text and also gets the pairs as its `synonyms`
//! setting ([`Synonyms::meili_synonyms`]), which can only add cars the expansion already
//! gave, so both backends answer every synonym the same.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

/// The data file, compiled in.
pub const SYNONYMS_JSON: &str = include_str!("../data/synonyms.json");

/// One-way synonym: searching `from` also finds cars with any of `to`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OneWay {
    /// The phrase the shopper types.
    pub from: String,
    /// The phrases it also finds.
    pub to: Vec<String>,
}

/// The synonym list (see the module docs).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Synonyms {
    /// What the file is (documentation only).
    #[serde(default)]
    pub about: String,
    /// Groups of phrases that find the same cars.
    pub equivalent: Vec<Vec<String>>,
    /// Phrases that also find other phrases, not the reverse.
    pub one_way: Vec<OneWay>,
}

/// A phrase as words: lower case, runs of letters and digits (the query's split).
pub fn phrase_words(phrase: &str) -> Vec<String> {
    phrase
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

fn contains_phrase(words: &[String], phrase: &[String]) -> bool {
    !phrase.is_empty() && words.windows(phrase.len()).any(|w| w == phrase)
}

/// The normalised form of a phrase: its words joined by single spaces.
fn norm(phrase: &str) -> String {
    phrase_words(phrase).join(" ")
}

impl Synonyms {
    /// The compiled-in list. Panics only if the bundled file is malformed, which the
    /// crate's tests catch.
    pub fn get() -> &'static Synonyms {
        static LIST: OnceLock<Synonyms> = OnceLock::new();
        LIST.get_or_init(|| {
            Synonyms::parse(SYNONYMS_JSON)
                .unwrap_or_else(|e| panic!("search/data/synonyms.json: {e}"))
        })
    }

    /// Parses a synonyms file, normalising every phrase and refusing empty ones.
    pub fn parse(json: &str) -> Result<Synonyms, String> {
        let mut s: Synonyms = serde_json::from_str(json).map_err(|e| e.to_string())?;
        let check = |p: &mut String| -> Result<(), String> {
            let n = norm(p);
            if n.is_empty() {
                return Err(format!("phrase '{p}' has no letters or digits"));
            }
            *p = n;
            Ok(())
        };
        for group in &mut s.equivalent {
            if group.len() < 2 {
                return Err(format!("equivalent group {group:?} needs two phrases"));
            }
            group.iter_mut().try_for_each(check)?;
        }
        for one in &mut s.one_way {
            check(&mut one.from)?;
            if one.to.is_empty() {
                return Err(format!("one_way '{}' has no 'to'", one.from));
            }
            one.to.iter_mut().try_for_each(check)?;
        }
        Ok(s)
    }

    /// The one word a multi-word synonym phrase of the query stands for (see
    /// [`Synonyms::collapse`]): a group's first one-word phrase, else its first phrase
    /// written as one word; a one-way `from` written as one word.
    fn canonical(&self, phrase: &str) -> Option<String> {
        if let Some(group) = self
            .equivalent
            .iter()
            .find(|g| g.iter().any(|p| p == phrase))
        {
            return Some(
                group
                    .iter()
                    .find(|p| !p.contains(' '))
                    .cloned()
                    .unwrap_or_else(|| group[0].replace(' ', "")),
            );
        }
        self.one_way
            .iter()
            .find(|o| o.from == phrase)
            .map(|o| o.from.replace(' ', ""))
    }

    /// The query's words with each multi-word synonym phrase ("rear wheel drive", "people
    /// mover") replaced by the one word it stands for ("rwd", "peoplemover"), longest
    /// phrase first, so its words must be together rather than anywhere in a car's text
    /// ("rear" camera and four "wheel drive" is not rear wheel drive). The index holds
    /// those words ([`Synonyms::expand`]).
    pub fn collapse(&self, words: Vec<String>) -> Vec<String> {
        let mut phrases: Vec<Vec<String>> = self
            .equivalent
            .iter()
            .flatten()
            .chain(self.one_way.iter().map(|o| &o.from))
            .filter(|p| p.contains(' '))
            .map(|p| phrase_words(p))
            .collect();
        phrases.sort_by_key(|p| std::cmp::Reverse(p.len()));
        let mut out = Vec::with_capacity(words.len());
        let mut i = 0;
        while i < words.len() {
            let hit = phrases
                .iter()
                .find(|p| words[i..].starts_with(p))
                .and_then(|p| Some((p.len(), self.canonical(&p.join(" "))?)));
            match hit {
                Some((len, word)) => {
                    out.push(word);
                    i += len;
                }
                None => {
                    out.push(words[i].clone());
                    i += 1;
                }
            }
        }
        out
    }

    /// The phrases to add to a car's searchable text: for each part (one attribute value,
    /// so a phrase never spans two attributes), every phrase of a group one of whose
    /// phrases it holds, and every one-way `from` whose `to` it holds, repeated until
    /// nothing new is added (so "front wheel drive" also earns "2wd"); with each, the word
    /// a query's multi-word phrase collapses to ([`Synonyms::collapse`]). Phrases the parts
    /// already hold are not returned.
    pub fn expand(&self, parts: &[String]) -> Vec<String> {
        let mut texts: Vec<Vec<String>> = parts.iter().map(|p| phrase_words(p)).collect();
        let mut added: Vec<String> = Vec::new();
        let holds = |texts: &[Vec<String>], phrase: &str| {
            let words = phrase_words(phrase);
            texts.iter().any(|t| contains_phrase(t, &words))
        };
        loop {
            let mut fresh: Vec<String> = Vec::new();
            let want = |p: &str, fresh: &mut Vec<String>| {
                if !holds(&texts, p) && !fresh.iter().any(|f| f == p) {
                    fresh.push(p.to_string());
                }
            };
            for group in &self.equivalent {
                if group.iter().any(|p| holds(&texts, p)) {
                    for p in group {
                        want(p, &mut fresh);
                    }
                    if let Some(c) = self.canonical(&group[0]) {
                        want(&c, &mut fresh);
                    }
                }
            }
            for one in &self.one_way {
                if holds(&texts, &one.from) || one.to.iter().any(|p| holds(&texts, p)) {
                    want(&one.from, &mut fresh);
                    want(&one.from.replace(' ', ""), &mut fresh);
                }
            }
            if fresh.is_empty() {
                return added;
            }
            for p in fresh {
                texts.push(phrase_words(&p));
                added.push(p);
            }
        }
    }

    /// The Meilisearch `synonyms` setting: each phrase of a group maps to the others; each
    /// one-way `from` maps to its `to`.
    pub fn meili_synonyms(&self) -> BTreeMap<String, Vec<String>> {
        let mut map: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let mut add = |k: &str, v: &str| {
            let list = map.entry(k.to_string()).or_default();
            if k != v && !list.iter().any(|x| x == v) {
                list.push(v.to_string());
            }
        };
        for group in &self.equivalent {
            for a in group {
                for b in group {
                    add(a, b);
                }
            }
        }
        for one in &self.one_way {
            for t in &one.to {
                add(&one.from, t);
            }
        }
        map.retain(|_, v| !v.is_empty());
        map
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_file_parses_and_is_normalised() {
        let s = Synonyms::get();
        assert!(s.equivalent.iter().any(|g| g.contains(&"4x4".to_string())));
        assert!(s
            .equivalent
            .iter()
            .any(|g| g.contains(&"plug in hybrid".to_string())));
        assert!(s.one_way.iter().any(|o| o.from == "auto"));
    }

    #[test]
    fn expands_per_part_and_to_a_fixpoint() {
        let s = Synonyms::parse(
            r#"{"equivalent": [["4x4", "4wd", "four wheel drive"], ["fwd", "front wheel drive"]],
                "one_way": [{"from": "2wd", "to": ["fwd"]}, {"from": "auto", "to": ["automatic"]}]}"#,
        )
        .expect("valid");
        let parts = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            s.expand(&parts(&["Toyota", "4WD"])),
            vec!["4x4", "four wheel drive"]
        );
        assert_eq!(s.expand(&parts(&["Front Wheel Drive"])), vec!["fwd", "2wd"]);
        assert_eq!(s.expand(&parts(&["Automatic"])), vec!["auto"]);
        let words = |t: &str| phrase_words(t);
        assert_eq!(
            s.collapse(words("red four wheel drive ute")),
            words("red 4x4 ute")
        );
        assert_eq!(s.collapse(words("four wheel")), words("four wheel"));
        // One-way: "auto" alone does not earn "automatic".
        assert!(s.expand(&parts(&["Android Auto"])).is_empty());
        // A phrase across two parts is not a phrase.
        assert!(s.expand(&parts(&["Four Wheel", "Drive"])).is_empty());
        let m = s.meili_synonyms();
        assert_eq!(m["4wd"], vec!["4x4", "four wheel drive"]);
        assert_eq!(m["auto"], vec!["automatic"]);
        assert!(!m.contains_key("automatic"));
    }

    #[test]
    fn refuses_bad_files() {
        assert!(Synonyms::parse(r#"{"equivalent": [["x"]], "one_way": []}"#).is_err());
        assert!(Synonyms::parse(r#"{"equivalent": [["x", "--"]], "one_way": []}"#).is_err());
        assert!(
            Synonyms::parse(r#"{"equivalent": [], "one_way": [{"from": "a", "to": []}]}"#).is_err()
        );
        assert!(Synonyms::parse(r#"{"equivalent": [], "one_way": [], "extra": 1}"#).is_err());
    }
}
