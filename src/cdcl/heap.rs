//! The order of VSIDS decisions: a binary max-heap of variables by activity.

/// A binary max-heap of variables by activity, with each variable's place, so that a bumped
/// variable moves up in O(log n).
pub(super) struct Heap {
    heap: Vec<usize>,
    place: Vec<Option<usize>>,
}

impl Heap {
    pub(super) fn new(variables: usize) -> Self {
        Heap {
            heap: Vec::with_capacity(variables),
            place: vec![None; variables],
        }
    }

    pub(super) fn insert(&mut self, v: usize, activity: &[f64]) {
        if self.place[v].is_some() {
            return;
        }
        self.place[v] = Some(self.heap.len());
        self.heap.push(v);
        self.up(self.heap.len() - 1, activity);
    }

    pub(super) fn update(&mut self, v: usize, activity: &[f64]) {
        if let Some(i) = self.place[v] {
            self.up(i, activity);
        }
    }

    pub(super) fn pop(&mut self, activity: &[f64]) -> Option<usize> {
        let top = *self.heap.first()?;
        let last = self.heap.pop()?;
        self.place[top] = None;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.place[last] = Some(0);
            self.down(0, activity);
        }
        Some(top)
    }

    pub(super) fn up(&mut self, mut i: usize, activity: &[f64]) {
        let v = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            if activity[self.heap[parent]] >= activity[v] {
                break;
            }
            self.heap[i] = self.heap[parent];
            self.place[self.heap[i]] = Some(i);
            i = parent;
        }
        self.heap[i] = v;
        self.place[v] = Some(i);
    }

    pub(super) fn down(&mut self, mut i: usize, activity: &[f64]) {
        let v = self.heap[i];
        loop {
            let left = 2 * i + 1;
            if left >= self.heap.len() {
                break;
            }
            let right = left + 1;
            let child = if right < self.heap.len()
                && activity[self.heap[right]] > activity[self.heap[left]]
            {
                right
            } else {
                left
            };
            if activity[self.heap[child]] <= activity[v] {
                break;
            }
            self.heap[i] = self.heap[child];
            self.place[self.heap[i]] = Some(i);
            i = child;
        }
        self.heap[i] = v;
        self.place[v] = Some(i);
    }
}
