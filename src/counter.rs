//! A counter that many threads add to at once without sharing a cache line.
//!
//! Two cores adding to one atomic take turns owning its cache line, which costs more than
//! the add itself; the service counts on every request. So each thread adds to a slot of
//! its own (threads beyond [`SLOTS`] share them) and a reader sums the slots.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

/// Slots of a counter, at most: threads take the next slot as they first count.
pub const SLOTS: usize = 16;

/// The slot this thread counts in, the same for every counter.
pub fn slot_of_this_thread() -> usize {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    thread_local! {
        static SLOT: usize = NEXT.fetch_add(1, Relaxed) % SLOTS;
    }
    SLOT.with(|slot| *slot)
}

/// One slot, alone on its cache lines.
#[repr(align(128))]
#[derive(Default)]
struct Slot(AtomicU64);

/// A counter summed over per-thread slots.
#[derive(Default)]
pub struct Counter {
    slots: [Slot; SLOTS],
}

impl Counter {
    pub const fn new() -> Counter {
        Counter { slots: [const { Slot(AtomicU64::new(0)) }; SLOTS] }
    }

    /// Adds `n` in this thread's slot.
    pub fn add(&self, n: u64) {
        self.slots[slot_of_this_thread()].0.fetch_add(n, Relaxed);
    }

    /// The sum of every slot (a reader racing with adders sees some of their adds).
    pub fn get(&self) -> u64 {
        self.slots.iter().map(|slot| slot.0.load(Relaxed)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds_from_many_threads_are_all_counted() {
        let counter = Counter::new();
        std::thread::scope(|scope| {
            for _ in 0..SLOTS + 3 {
                scope.spawn(|| (0..1000).for_each(|_| counter.add(2)));
            }
        });
        assert_eq!(counter.get(), 2 * 1000 * (SLOTS as u64 + 3));
    }
}
