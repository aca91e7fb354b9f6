//! [`SharedVec`]: a list that copies of the state share, piece by piece, until one of them
//! changes a piece.
//!
//! Replay keeps copies of the state (checkpoints) and starts every seek from one. A board's
//! history (its moves, clock presses, clock changes, the game's positions) grows with the games
//! played; copied in full, each checkpoint would cost more, in time and memory, the longer the
//! match ran, and a seek would copy it all again. A `SharedVec` holds its items in chunks of
//! [`CHUNK`] behind reference counts: a copy shares every chunk (it costs one pointer per
//! chunk), and a change copies only the chunk it touches (`Arc::make_mut`), never reaching
//! another copy. Successive checkpoints so share everything but the last chunk of each list.
//! It reads like a `Vec` (`len`, `iter`, indexing, `last`, …) and is written like one
//! (`push`, `truncate`, `last_mut`, …); it is not one contiguous slice (`to_vec` makes one).

use std::fmt;
use std::ops::{Index, IndexMut};
use std::sync::Arc;

/// Items per chunk.
pub const CHUNK: usize = 16;

/// A `Vec<T>` in shared chunks, copied on write chunk by chunk.
#[derive(Clone)]
pub struct SharedVec<T> {
    /// Every chunk but the last holds exactly [`CHUNK`] items; the last holds 1 to `CHUNK`.
    chunks: Vec<Arc<Vec<T>>>,
    len: usize,
}

impl<T> SharedVec<T> {
    pub const fn new() -> SharedVec<T> {
        SharedVec {
            chunks: Vec::new(),
            len: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn get(&self, i: usize) -> Option<&T> {
        (i < self.len).then(|| &self.chunks[i / CHUNK][i % CHUNK])
    }

    pub fn first(&self) -> Option<&T> {
        self.get(0)
    }

    pub fn last(&self) -> Option<&T> {
        self.len.checked_sub(1).and_then(|i| self.get(i))
    }

    pub fn iter(&self) -> Iter<'_, T> {
        Iter {
            v: self,
            front: 0,
            back: self.len,
        }
    }

    /// The items from `from` on (`from` past the end: none).
    pub fn iter_from(&self, from: usize) -> Iter<'_, T> {
        Iter {
            v: self,
            front: from.min(self.len),
            back: self.len,
        }
    }

    /// Removes every item from `n` on.
    pub fn truncate(&mut self, n: usize)
    where
        T: Clone,
    {
        if n >= self.len {
            return;
        }
        self.chunks.truncate(n.div_ceil(CHUNK));
        if !n.is_multiple_of(CHUNK)
            && let Some(last) = self.chunks.last_mut()
            && last.len() != n % CHUNK
        {
            // Only the chunk cut in two changes (a chunk shared with a copy is copied first).
            match Arc::get_mut(last) {
                Some(v) => v.truncate(n % CHUNK),
                None => *last = Arc::new(last[..n % CHUNK].to_vec()),
            }
        }
        self.len = n;
    }

    pub fn clear(&mut self) {
        self.chunks.clear();
        self.len = 0;
    }
}

impl<T: Clone> SharedVec<T> {
    pub fn push(&mut self, item: T) {
        match self.chunks.last_mut() {
            Some(last) if last.len() < CHUNK => Arc::make_mut(last).push(item),
            _ => {
                let mut chunk = Vec::with_capacity(CHUNK);
                chunk.push(item);
                self.chunks.push(Arc::new(chunk));
            }
        }
        self.len += 1;
    }

    pub fn get_mut(&mut self, i: usize) -> Option<&mut T> {
        (i < self.len).then(|| &mut Arc::make_mut(&mut self.chunks[i / CHUNK])[i % CHUNK])
    }

    pub fn first_mut(&mut self) -> Option<&mut T> {
        self.get_mut(0)
    }

    pub fn last_mut(&mut self) -> Option<&mut T> {
        self.len.checked_sub(1).and_then(|i| self.get_mut(i))
    }

    /// Every item, to change (each chunk is copied first where a copy shares it).
    pub fn iter_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut T> {
        self.chunks
            .iter_mut()
            .flat_map(|c| Arc::make_mut(c).iter_mut())
    }

    /// Removes and returns the last item.
    pub fn pop(&mut self) -> Option<T> {
        let last = self.chunks.last_mut()?;
        let item = Arc::make_mut(last).pop();
        if last.is_empty() {
            self.chunks.pop();
        }
        self.len -= 1;
        item
    }

    /// Keeps the items `keep` says yes to, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        if self.iter().all(&mut keep) {
            return;
        }
        let kept: Vec<T> = self.iter().filter(|x| keep(x)).cloned().collect();
        *self = kept.into_iter().collect();
    }

    /// Removes the items from `from` on and returns them.
    pub fn split_off(&mut self, from: usize) -> Vec<T> {
        let tail = self.iter_from(from).cloned().collect();
        self.truncate(from);
        tail
    }

    /// The items as one `Vec`.
    pub fn to_vec(&self) -> Vec<T> {
        self.iter().cloned().collect()
    }
}

impl<T> Default for SharedVec<T> {
    fn default() -> SharedVec<T> {
        SharedVec::new()
    }
}

impl<T> Index<usize> for SharedVec<T> {
    type Output = T;
    fn index(&self, i: usize) -> &T {
        match self.get(i) {
            Some(x) => x,
            None => panic!("index {i} out of range for a list of {}", self.len),
        }
    }
}

impl<T: Clone> IndexMut<usize> for SharedVec<T> {
    fn index_mut(&mut self, i: usize) -> &mut T {
        let len = self.len;
        match self.get_mut(i) {
            Some(x) => x,
            None => panic!("index {i} out of range for a list of {len}"),
        }
    }
}

impl<T: Clone> Extend<T> for SharedVec<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for x in iter {
            self.push(x);
        }
    }
}

impl<T: Clone> From<Vec<T>> for SharedVec<T> {
    fn from(v: Vec<T>) -> SharedVec<T> {
        v.into_iter().collect()
    }
}

impl<T: Clone> FromIterator<T> for SharedVec<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> SharedVec<T> {
        let mut v = SharedVec::new();
        v.extend(iter);
        v
    }
}

impl<T: PartialEq> PartialEq for SharedVec<T> {
    fn eq(&self, other: &SharedVec<T>) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

impl<T: Eq> Eq for SharedVec<T> {}

impl<T: PartialEq> PartialEq<Vec<T>> for SharedVec<T> {
    fn eq(&self, other: &Vec<T>) -> bool {
        self.len == other.len() && self.iter().eq(other.iter())
    }
}

impl<T: fmt::Debug> fmt::Debug for SharedVec<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: serde::Serialize> serde::Serialize for SharedVec<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de, T: serde::Deserialize<'de> + Clone> serde::Deserialize<'de> for SharedVec<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SharedVec<T>, D::Error> {
        Vec::deserialize(d).map(SharedVec::from)
    }
}

/// The items of a [`SharedVec`] in order (from either end).
#[derive(Clone)]
pub struct Iter<'a, T> {
    v: &'a SharedVec<T>,
    front: usize,
    back: usize,
}

impl<'a, T> Iterator for Iter<'a, T> {
    type Item = &'a T;
    fn next(&mut self) -> Option<&'a T> {
        if self.front >= self.back {
            return None;
        }
        let x = &self.v.chunks[self.front / CHUNK][self.front % CHUNK];
        self.front += 1;
        Some(x)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.back - self.front;
        (n, Some(n))
    }
    fn nth(&mut self, n: usize) -> Option<&'a T> {
        self.front = self.front.saturating_add(n).min(self.back);
        self.next()
    }
}

impl<'a, T> DoubleEndedIterator for Iter<'a, T> {
    fn next_back(&mut self) -> Option<&'a T> {
        if self.front >= self.back {
            return None;
        }
        self.back -= 1;
        Some(&self.v.chunks[self.back / CHUNK][self.back % CHUNK])
    }
}

impl<T> ExactSizeIterator for Iter<'_, T> {}

impl<'a, T> IntoIterator for &'a SharedVec<T> {
    type Item = &'a T;
    type IntoIter = Iter<'a, T>;
    fn into_iter(self) -> Iter<'a, T> {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_shares_the_chunks_until_one_side_changes_one() {
        let mut a: SharedVec<usize> = (0..200).collect();
        let b = a.clone();
        assert!(
            Arc::ptr_eq(&a.chunks[0], &b.chunks[0]),
            "shared, not copied"
        );
        a.push(200);
        a[0] = 9;
        assert!(
            !Arc::ptr_eq(&a.chunks[0], &b.chunks[0]),
            "the changed chunk copied"
        );
        assert!(
            Arc::ptr_eq(&a.chunks[1], &b.chunks[1]),
            "the others still shared"
        );
        assert_eq!(a.len(), 201);
        assert_eq!(a[0], 9);
        assert_eq!(
            b.to_vec(),
            (0..200).collect::<Vec<_>>(),
            "the copy is untouched"
        );
        let mut c = b.clone();
        for x in c.iter_mut() {
            *x += 1;
        }
        assert_eq!(c.to_vec(), (1..201).collect::<Vec<_>>());
        c.truncate(70);
        assert_eq!(c.to_vec(), (1..71).collect::<Vec<_>>());
        assert_eq!(b.len(), 200);
        assert_eq!(c.iter().next_back(), Some(&70));
        assert_eq!(c.iter().len(), 70);
        assert_eq!(c.iter_from(68).copied().collect::<Vec<_>>(), vec![69, 70]);
        assert_eq!(c.pop(), Some(70));
        assert_eq!(c.split_off(64), vec![65, 66, 67, 68, 69]);
        assert_eq!(c.to_vec(), (1..65).collect::<Vec<_>>());
        assert_eq!(c.iter().nth(20), Some(&21));
        c.retain(|x| x % 2 == 0);
        assert_eq!(
            c.to_vec(),
            (1..65).filter(|x| x % 2 == 0).collect::<Vec<_>>()
        );
        assert_eq!(
            serde_json::to_string(&SharedVec::from(vec![1, 2])).unwrap(),
            "[1,2]"
        );
        assert_eq!(format!("{:?}", SharedVec::from(vec![1, 2])), "[1, 2]");
        let mut d: SharedVec<u8> = SharedVec::new();
        assert_eq!(d.last(), None);
        d.truncate(0);
        assert_eq!(d.pop(), None);
        assert_eq!(d, Vec::<u8>::new());
    }

    #[test]
    fn it_reads_and_writes_as_a_vec_does() {
        // The same operations on a Vec and a SharedVec (and on a copy taken half-way) agree.
        let mut v: Vec<u32> = Vec::new();
        let mut s: SharedVec<u32> = SharedVec::new();
        let mut copies = Vec::new();
        let mut seed = 7u64;
        for step in 0..3000u32 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            match (seed >> 33) % 10 {
                0 => {
                    let n = usize::try_from(seed >> 40).unwrap() % (v.len() + 1);
                    v.truncate(n);
                    s.truncate(n);
                }
                1 if !v.is_empty() => {
                    let i = usize::try_from(seed >> 40).unwrap() % v.len();
                    v[i] = step;
                    s[i] = step;
                }
                2 => {
                    assert_eq!(v.pop(), s.pop());
                }
                3 => copies.push((v.clone(), s.clone())),
                _ => {
                    v.push(step);
                    s.push(step);
                }
            }
            assert_eq!(s.len(), v.len());
            assert_eq!(s.last(), v.last());
        }
        assert_eq!(s.to_vec(), v);
        for (v, s) in copies {
            assert_eq!(s.to_vec(), v, "a copy keeps what it held");
        }
    }
}
