//! Spin to win (seed 001 s2 /spin-to-win): the odds the wheel states. Which prize an entry
//! wins is decided by a published rule, not by chance: the prize follows from the dealer
//! and the entrant's email (trimmed, lower case), so one person spins once (spinning
//! again with the same email lands on the same prize), the dealer can check any claimed
//! prize from the lead's email, and each prize's odds are its weight over the total. The
//! browser draws it (`frontend/src/features/forms/spin/spin.ts`), tested on
//! `domain/tests/data/spin_cases.json`.

/// A prize's odds as the wheel states them: its share of the total weight as a
/// percentage, to one decimal place where needed ("25%", "33.3%").
pub fn odds_percent(weight: u32, total: u64) -> String {
    if total == 0 {
        return "0%".to_string();
    }
    let tenths = (u64::from(weight) * 1000 + total / 2) / total;
    if tenths % 10 == 0 {
        format!("{}%", tenths / 10)
    } else {
        format!("{}.{}%", tenths / 10, tenths % 10)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odds_read_as_percentages() {
        assert_eq!(odds_percent(1, 4), "25%");
        assert_eq!(odds_percent(1, 3), "33.3%");
        assert_eq!(odds_percent(0, 0), "0%");
    }
}
