"""The entanglement graph as a networkx ``MultiGraph``, over :mod:`qttt_edu.entanglement`.

Squares are the nodes and every spooky mark is an edge between its two squares
(RULES.md, "The entanglement graph"). Two marks on the same two squares are
parallel edges, so the graph is a :class:`networkx.MultiGraph` keyed by move
number. Before every move the graph is a forest; a move whose two squares are
already connected closes a cycle, and the whole connected component collapses.

The parts a student should see, the *cycle*, its *stems*, the *separate
entanglements* and the *cascade*, are worked out by :mod:`qttt_edu.entanglement`
(standard library only); this module re-exports them, so
``from qttt_edu.graph import pending_cycle`` keeps working, and adds
:func:`entanglement_graph`, the same facts as a networkx graph to explore or draw.

Every function accepts a :class:`~qttt_edu.core.Game` or a
:class:`~qttt_edu.core.Position` and never changes it.

>>> from qttt_edu import Game
>>> g = Game.from_record("1-2 2-3 3-6 1-3")
>>> graph = entanglement_graph(g)
>>> sorted(graph.edges(keys=True))  # (square, square, move): X1, O2, X3, O4
[(1, 2, 1), (1, 3, 4), (2, 3, 2), (3, 6, 3)]
>>> import networkx as nx
>>> [cycle] = nx.cycle_basis(nx.Graph(graph))  # the cycle O4 closed, found by networkx
>>> sorted(cycle) == sorted(pending_cycle(g).squares)
True
"""

from __future__ import annotations

import networkx as nx

from .core import Game, Position, as_position, mark_name, player_of
from .entanglement import (
    CascadeStep,
    CycleInfo,
    cascade,
    collapse_outcomes,
    components,
    pending_cycle,
)

__all__ = [
    "CascadeStep",
    "CycleInfo",
    "cascade",
    "collapse_outcomes",
    "components",
    "entanglement_graph",
    "pending_cycle",
]


def entanglement_graph(game: Game | Position) -> nx.MultiGraph[int]:
    """The entanglement graph of the position as a networkx ``MultiGraph``.

    Nodes are the squares 1-9, each with the attribute ``classical``: the name of
    its classical mark (``"X3"``) or ``None``. Every spooky mark is one edge,
    keyed by its move number, with the attributes ``player`` (``"X"``/``"O"``),
    ``move`` (int), ``mark`` (``"O4"``) and ``squares`` (``(a, b)``, ``a < b``).
    A pending mark (one that has just closed a cycle) is an edge like any other.

    >>> from qttt_edu import Game
    >>> G = entanglement_graph(Game.from_record("1-2 1-2"))
    >>> sorted(G.edges(keys=True))
    [(1, 2, 1), (1, 2, 2)]
    >>> G.edges[1, 2, 2]["mark"], G.nodes[5]["classical"]
    ('O2', None)
    """
    pos = as_position(game)
    graph: nx.MultiGraph[int] = nx.MultiGraph()
    for s in range(1, 10):
        move = pos.classical_moves[s]
        graph.add_node(s, classical=mark_name(move) if move else None)
    for move, a, b in pos.spooky:
        graph.add_edge(
            a, b, key=move, player=player_of(move), move=move, mark=mark_name(move), squares=(a, b)
        )
    return graph
