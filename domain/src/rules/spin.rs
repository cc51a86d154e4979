//! Spin to win (seed 001 s2 /spin-to-win): which prize an entry wins. The wheel is decided
//! by a published rule, not by chance in the browser: the prize follows from the dealer
//! and the entrant's email (trimmed, lower case), so one person spins once (spinning
//! again with the same email lands on the same prize), the dealer can check any claimed
//! prize from the lead's email, and each prize's odds are its weight over the total.
//! `frontend/src/features/spin/spin.ts` is the same rule; `domain/tests/data/spin_cases.json`
//! holds both to it.

use crate::config::SpinPrize;

/// FNV-1a, 64 bit, over UTF-8 bytes: small, fixed and the same in both languages.
pub fn fnv1a64(text: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// The index of the prize `email` wins on `dealer`'s wheel, or None for a wheel without
/// weight. The draw is the hash of "dealer\nemail" modulo the total weight, and prizes
/// take the draws in wheel order, each as many as its weight.
pub fn spin_prize(dealer: &str, email: &str, prizes: &[SpinPrize]) -> Option<usize> {
    let total: u64 = prizes.iter().map(|p| u64::from(p.weight)).sum();
    if total == 0 {
        return None;
    }
    let key = format!("{dealer}\n{}", email.trim().to_lowercase());
    let mut draw = fnv1a64(&key) % total;
    for (i, prize) in prizes.iter().enumerate() {
        let weight = u64::from(prize.weight);
        if draw < weight {
            return Some(i);
        }
        draw -= weight;
    }
    None
}

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

    fn prizes(weights: &[u32]) -> Vec<SpinPrize> {
        weights
            .iter()
            .enumerate()
            .map(|(i, w)| SpinPrize {
                label: format!("P{i}"),
                weight: *w,
            })
            .collect()
    }

    #[test]
    fn the_same_entry_always_lands_on_the_same_prize() {
        let wheel = prizes(&[1, 1, 1, 1]);
        let a = spin_prize("moreton", "Jo@Example.com ", &wheel);
        assert_eq!(a, spin_prize("moreton", "jo@example.com", &wheel));
        assert!(a.is_some());
        assert_eq!(spin_prize("moreton", "jo@example.com", &prizes(&[0])), None);
    }

    /// The odds the wheel states are the odds the rule gives: over many entrants each
    /// prize's share is close to its weight's.
    #[test]
    fn prizes_are_won_in_proportion_to_their_weights() {
        let wheel = prizes(&[70, 20, 10]);
        let mut won = [0u32; 3];
        for i in 0..20_000 {
            let prize = spin_prize("acme", &format!("shopper{i}@example.com"), &wheel);
            won[prize.expect("a prize")] += 1;
        }
        for (count, expected) in won.iter().zip([14_000.0, 4_000.0, 2_000.0]) {
            let share = f64::from(*count) / expected;
            assert!((0.9..1.1).contains(&share), "{won:?}");
        }
    }

    /// The shared table the browser's copy of the rule is held to.
    #[test]
    fn the_shared_cases_hold() {
        let table: serde_json::Value =
            serde_json::from_str(include_str!("../../tests/data/spin_cases.json")).expect("json");
        for case in table["cases"].as_array().expect("cases") {
            let dealer = case["dealer"].as_str().expect("dealer");
            let email = case["email"].as_str().expect("email");
            let weights: Vec<u32> = case["weights"]
                .as_array()
                .expect("weights")
                .iter()
                .map(|w| w.as_u64().expect("weight") as u32)
                .collect();
            let key = format!("{dealer}\n{}", email.trim().to_lowercase());
            assert_eq!(
                fnv1a64(&key).to_string(),
                case["hash"].as_str().expect("hash"),
                "{case}"
            );
            let won = spin_prize(dealer, email, &prizes(&weights));
            assert_eq!(won.map(|i| i as u64), case["prize"].as_u64(), "{case}");
        }
    }

    #[test]
    fn odds_read_as_percentages() {
        assert_eq!(odds_percent(1, 4), "25%");
        assert_eq!(odds_percent(1, 3), "33.3%");
        assert_eq!(odds_percent(0, 0), "0%");
    }
}
