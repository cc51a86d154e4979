//! Spin to win: `[spin_to_win]`.

use super::*;

/// The spin-to-win promotion (`[spin_to_win]`): a prize wheel whose every prize shows its
/// odds; each entry is a lead, and its prize follows from the entry by the published rule
/// (`frontend/src/features/forms/spin/spin.ts`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpinToWinConfig {
    /// Heading; default "Spin to Win".
    #[serde(default = "spin_title")]
    pub title: String,
    /// What the promotion is, under the heading; default none.
    #[serde(default)]
    pub intro: String,
    /// The prizes on the wheel, in wheel order; at least two where `features.spin_to_win` is on.
    #[serde(default)]
    pub prizes: Vec<SpinPrize>,
    /// Terms of the promotion (the markdown subset); required where `features.spin_to_win` is on.
    #[serde(default)]
    pub terms: String,
}

fn spin_title() -> String {
    "Spin to Win".to_string()
}

impl Default for SpinToWinConfig {
    fn default() -> Self {
        SpinToWinConfig {
            title: spin_title(),
            intro: String::new(),
            prizes: Vec::new(),
            terms: String::new(),
        }
    }
}

/// One prize of the wheel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpinPrize {
    /// What the shopper wins, e.g. "$50 fuel voucher".
    pub label: String,
    /// Relative weight: the prize's odds are its weight over the sum of all weights; at least 1.
    pub weight: u32,
}
