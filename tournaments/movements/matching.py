"""Maximum matching of the "have not met yet" graph, kept up to date as pairs are seated.

This is the Danese search's exact feasibility check. Pairs are ranks 0..n-1; two pairs are
joined unless one is in the other's `met` set. With a few rounds of history the graph is dense,
so it is never built. `free` holds the pairs the matching leaves unmatched: once the matching is
maximum, half their number is the fewest rematches the pairs still to seat can be given.

Edmonds' blossom algorithm finds augmenting paths. Seating two pairs deletes two vertices, and
deleting a vertex from a maximum matching needs at most one search, from its former partner
(any new augmenting path must end there), so each table costs one or two short searches.
"""

from __future__ import annotations

from typing import TypeAlias


class OutOfBudget(Exception):
    """The search spent its node budget."""


_Saved: TypeAlias = tuple[list[int], set[int], list[int]]


class MaximumMatching:
    def __init__(self, met: list[set[int]], node_budget: int) -> None:
        self.met = met
        self.budget = node_budget
        self.order = list(range(len(met)))  # pairs still to seat, best-ranked first
        self.mate = [-1] * len(met)
        self.free: set[int] = set()
        for pair in self.order:  # greedy start in ranking order: often maximum already
            if self.mate[pair] == -1:
                for other in range(pair + 1, len(met)):
                    if self.mate[other] == -1 and other not in met[pair]:
                        self.mate[pair], self.mate[other] = other, pair
                        break
                else:
                    self.free.add(pair)

    def maximise(self) -> None:
        # A free vertex without an augmenting path never gets one later (Edmonds), so one
        # search from each free vertex is enough.
        for pair in sorted(self.free):
            if pair in self.free and len(self.free) > 1:
                self._augment(pair)

    def spend(self, steps: int) -> None:
        self.budget -= steps
        if self.budget < 0:
            raise OutOfBudget

    def save(self) -> _Saved:
        return self.mate[:], set(self.free), self.order[:]

    def restore(self, saved: _Saved) -> None:
        self.mate, self.free, self.order = saved

    def seat(self, first: int, second: int) -> None:
        """Take two pairs out of the field, keeping the matching maximum."""
        if self.mate[first] == second:  # dropping a matched edge leaves the rest maximum
            self.mate[first] = self.mate[second] = -1
            self.order.remove(first)
            self.order.remove(second)
        else:
            self.remove(first)
            self.remove(second)

    def drop(self, pair: int) -> None:
        """Take one pair out of the field (it sits out) without searching again: the matching
        may no longer be maximum, as after a spent budget."""
        self.order.remove(pair)
        partner = self.mate[pair]
        if partner == -1:
            self.free.discard(pair)
        else:
            self.mate[pair] = self.mate[partner] = -1
            self.free.add(partner)

    def leftover_tables(self) -> list[tuple[int, int]]:
        """The pairs still to seat as the matching pairs them; leftovers in ranking order."""
        tables = [(pair, self.mate[pair]) for pair in self.order if self.mate[pair] > pair]
        loose = [pair for pair in self.order if self.mate[pair] == -1]
        return tables + list(zip(loose[::2], loose[1::2], strict=True))

    def remove(self, pair: int) -> None:
        """Take one pair out of the field (it sits out), keeping the matching maximum."""
        self.order.remove(pair)
        partner = self.mate[pair]
        if partner == -1:
            self.free.discard(pair)
            return
        self.mate[pair] = self.mate[partner] = -1
        self.free.add(partner)
        if len(self.free) > 1:
            self._augment(partner)

    def _augment(self, root: int) -> bool:
        """Edmonds' blossom search for an augmenting path from the free pair `root`.

        Each pair that becomes an even vertex of the alternating tree is checked at once
        against the other free pairs, so in a dense graph the path is found in a step or two.
        """
        mate, met, order = self.mate, self.met, self.order
        parent = [-1] * len(mate)
        base = list(range(len(mate)))
        even = bytearray(len(mate))
        targets = [pair for pair in self.free if pair != root]
        queue: list[int] = []

        def reached(vertex: int) -> bool:
            """Make `vertex` even; if it is next to a free pair, flip the path and say so."""
            even[vertex] = 1
            queue.append(vertex)
            met_vertex = met[vertex]
            for target in targets:
                if target not in met_vertex:
                    parent[target] = vertex
                    self._flip(target, parent)
                    self.free.discard(root)
                    self.free.discard(target)
                    return True
            return False

        if reached(root):
            return True
        head = 0
        while head < len(queue):
            vertex = queue[head]
            head += 1
            self.spend(len(order))
            met_vertex = met[vertex]
            for other in order:
                if other in met_vertex or base[vertex] == base[other] or mate[vertex] == other:
                    continue
                if other == root or (mate[other] != -1 and parent[mate[other]] != -1):
                    # both ends even: an odd cycle, contracted onto its base
                    stem = self._common_base(vertex, other, base, parent)
                    blossom = bytearray(len(mate))
                    self._mark_path(vertex, stem, other, base, parent, blossom)
                    self._mark_path(other, stem, vertex, base, parent, blossom)
                    for pair in order:
                        if blossom[base[pair]]:
                            base[pair] = stem
                            if not even[pair] and reached(pair):
                                return True
                elif parent[other] == -1:  # `other` is matched: the tree grows through it
                    parent[other] = vertex
                    if reached(mate[other]):
                        return True
        return False

    def _common_base(self, first: int, second: int, base: list[int], parent: list[int]) -> int:
        mate = self.mate
        on_path = bytearray(len(mate))
        while True:
            first = base[first]
            on_path[first] = 1
            if mate[first] == -1:
                break
            first = parent[mate[first]]
        while not on_path[base[second]]:
            second = parent[mate[base[second]]]
        return base[second]

    def _mark_path(
        self,
        vertex: int,
        stem: int,
        child: int,
        base: list[int],
        parent: list[int],
        blossom: bytearray,
    ) -> None:
        mate = self.mate
        while base[vertex] != stem:
            blossom[base[vertex]] = blossom[base[mate[vertex]]] = 1
            parent[vertex] = child
            child = mate[vertex]
            vertex = parent[mate[vertex]]

    def _flip(self, end: int, parent: list[int]) -> None:
        mate = self.mate
        while end != -1:
            previous = parent[end]
            following = mate[previous]
            mate[end], mate[previous] = previous, end
            end = following
