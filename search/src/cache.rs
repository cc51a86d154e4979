//! A bounded answer cache keyed by the canonical query: when full, the oldest entry is
//! dropped (seed 000 s4 "when the cache is full the oldest entry is dropped").

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::answer::SearchAnswer;

/// Default number of cached answers per backend.
pub const DEFAULT_CACHE_ENTRIES: usize = 512;

/// Cached answers by key, with the keys in insertion order (oldest first).
type Entries = (HashMap<String, (Instant, SearchAnswer)>, VecDeque<String>);

/// Bounded cache of answers; entries may also expire after a maximum age.
#[derive(Debug)]
pub struct AnswerCache {
    capacity: usize,
    max_age: Option<Duration>,
    inner: Mutex<Entries>,
}

impl AnswerCache {
    /// A cache of `capacity` answers (0 disables it) that never expire.
    pub fn new(capacity: usize) -> AnswerCache {
        AnswerCache {
            capacity,
            max_age: None,
            inner: Mutex::new((HashMap::new(), VecDeque::new())),
        }
    }

    /// The same cache with answers expiring after `max_age` (for indexes that change
    /// underneath, such as Meilisearch).
    pub fn with_max_age(mut self, max_age: Duration) -> AnswerCache {
        self.max_age = Some(max_age);
        self
    }

    /// The cached answer for a key, if present and fresh.
    pub fn get(&self, key: &str) -> Option<SearchAnswer> {
        let guard = self.inner.lock().ok()?;
        let (at, answer) = guard.0.get(key)?;
        match self.max_age {
            Some(age) if at.elapsed() > age => None,
            _ => Some(answer.clone()),
        }
    }

    /// Stores an answer, dropping the oldest entries beyond the capacity.
    pub fn put(&self, key: String, answer: SearchAnswer) {
        if self.capacity == 0 {
            return;
        }
        let Ok(mut guard) = self.inner.lock() else {
            return;
        };
        let (map, order) = &mut *guard;
        if map.insert(key.clone(), (Instant::now(), answer)).is_none() {
            order.push_back(key);
        }
        while order.len() > self.capacity {
            if let Some(old) = order.pop_front() {
                map.remove(&old);
            }
        }
    }

    /// Number of cached answers.
    pub fn len(&self) -> usize {
        self.inner.lock().map(|g| g.0.len()).unwrap_or(0)
    }

    /// Whether nothing is cached.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(count: u64) -> SearchAnswer {
        SearchAnswer {
            hits: vec![],
            count,
            page: 0,
            pages: 0,
            ms: 0.0,
            facets: Default::default(),
            facets_stats: Default::default(),
        }
    }

    #[test]
    fn drops_the_oldest() {
        let c = AnswerCache::new(2);
        c.put("a".into(), answer(1));
        c.put("b".into(), answer(2));
        c.put("c".into(), answer(3));
        assert!(c.get("a").is_none());
        assert_eq!(c.get("b").map(|a| a.count), Some(2));
        assert_eq!(c.get("c").map(|a| a.count), Some(3));
        assert_eq!(c.len(), 2);
    }

    #[test]
    fn expires() {
        let c = AnswerCache::new(2).with_max_age(Duration::ZERO);
        c.put("a".into(), answer(1));
        std::thread::sleep(Duration::from_millis(2));
        assert!(c.get("a").is_none());
    }
}
