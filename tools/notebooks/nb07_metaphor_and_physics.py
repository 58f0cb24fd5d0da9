"""Notebook 07: the metaphor and the physics."""

from common import GOFF, code, exercise, footer, header, md, predict, term

NAME = "07_metaphor_and_physics"

CELLS = [
    *header(
        NAME,
        [
            "say where Goff's metaphor matches quantum mechanics and where it breaks;",
            "play a variant where chance, not a player, decides each collapse, and compare;",
            "simulate measurements of real two-state systems with numpy: the Born rule, "
            "amplitudes and interference;",
            "explain why entanglement cannot send messages, and why the game's chooser could.",
        ],
        "notebooks [01](01_superposition.ipynb) to [03](03_measurement_and_collapse.ipynb). "
        "Complex numbers help in section 4 but are explained as they come.",
        45,
    ),
    code(
        """
        import random

        import numpy as np

        from qttt_edu import Game, checks
        from qttt_edu.players import HeuristicPlayer, play_match
        """
    ),
    md(
        f"""
        ## 1. Where the metaphor holds

        Allan Goff built the game so that its moves *behave like* quantum ideas ({GOFF}):

        | quantum idea | in the game |
        |---|---|
        | **superposition**: a system in several states at once until measured | a spooky pair: one mark in two squares ({term("spooky mark", "spooky-mark")}) |
        | **entanglement**: a joint state that is not a product of separate states | marks sharing squares: some combinations are impossible and the ket does not factor ({term("entanglement")}) |
        | **measurement**: one definite outcome, the other possibilities gone | a {term("collapse")}: one classical board for the whole group |
        | **nonlocal correlations**: entangled parts settle together, however far apart | a collapse settles marks in far-apart squares at once |
        | **an ensemble** of possibilities | the {term("ensemble")} of {term("realities", "reality")}: every classical board still possible |

        ## 2. Where it breaks

        | | quantum mechanics | quantum tic-tac-toe |
        |---|---|---|
        | weights | each possibility has a complex **amplitude**; probabilities are their squared sizes (the Born rule) and need not be equal | every reality counts the same (Goff's equal weights) |
        | phases and interference | amplitudes have **phases**, so two ways to the same outcome can add up or **cancel** | no phases: realities only add; nothing ever cancels |
        | who picks the outcome | **nobody**: it is random, with Born-rule probabilities | **a player**, on purpose (the chooser) |
        | sending messages | impossible with entanglement alone (**no-signalling**) | the chooser's decision fixes marks anywhere in the group: a player *could* signal |
        | when it happens | when the system interacts with a measuring device | when a cycle closes |
        | between measurements | the state evolves smoothly (and can be turned by gates, as below) | marks never move until they collapse |

        The next sections make the first three rows concrete.

        ## 3. Chance instead of choice

        Goff himself suggests a variant where each collapse is decided at random. In Fig. 4
        (`1-2 2-5 1-5`) X3 has closed a cycle; with a coin instead of a chooser:
        """
    ),
    *exercise(
        "07-1",
        """
        In the random variant, what is the probability that X3 lands in square 1 in Fig. 4?
        """,
    ),
    code(
        """
        rng = random.Random(7)
        fig4 = Game.from_record("1-2 2-5 1-5")
        landings = [rng.choice(fig4.awaiting_collapse.squares) for _ in range(1000)]
        print("X3 landed in square 1 in", landings.count(1), "of 1000 coin-tossed collapses")
        """,
        check=True,
    ),
    md(
        """
        A coin changes the game more than you might think. The heuristic player plays to win
        its collapse choices; with a coin those choices are gone. Below, a *coin collapse*
        wrapper keeps a player's moves but tosses a coin for every collapse. Compare two
        heuristic players in both games:
        """
    ),
    predict(
        "Which version gives X, who moves first, the larger edge: the chooser's or the coin's?"
    ),
    code(
        """
        class CoinCollapse:
            \"\"\"A player whose collapses are decided by a fair coin; its moves are unchanged.\"\"\"

            def __init__(self, player, seed):
                self.player, self.name, self.rng = player, player.name + " + coin", random.Random(seed)

            def reseed(self, seed):
                self.player.reseed(seed)
                self.rng.seed(seed)

            def choose(self, position):
                if position.pending:
                    return self.rng.choice(position.legal_actions())
                return self.player.choose(position)


        GAMES = 60
        chosen = play_match(HeuristicPlayer(), HeuristicPlayer(), games=GAMES, seed=11)
        coin = play_match(CoinCollapse(HeuristicPlayer(), 1), CoinCollapse(HeuristicPlayer(), 2), games=GAMES, seed=11)
        for label, m in (("chooser decides", chosen), ("coin decides", coin)):
            print(f"{label:16} X wins {m.x_wins:2}  O wins {m.o_wins:2}  draws {m.draws:2}")
        """,
        check=True,
    ),
    md(
        """
        The same players win less often as X when a coin decides: much of X's edge comes from
        choosing collapses well (and forcing the opponent into bad ones). With a coin, closing
        a cycle is no longer handing your opponent a question: it is a bet. Strategy changes from "never offer a winning choice" to "offer only good odds".
        The random variant is closer to physics in one respect (outcomes are random) and
        exactly as far in another: the coin is fair, 50:50, while a real measurement follows
        the Born rule with weights that need not be equal. Where do those weights come from?

        ## 4. A real two-state system, in numpy

        A *qubit* (a photon's polarisation, an electron's spin) has two basic states, written
        |0⟩ and |1⟩. Its state is a pair of complex numbers, the **amplitudes**:
        a|0⟩ + b|1⟩ with |a|² + |b|² = 1. Measuring it gives 0 with probability |a|² and 1 with
        probability |b|²: the **Born rule**. Nobody chooses; the outcome is random.

        In numpy a state is a vector of amplitudes. This one has amplitude 1/√3 for |0⟩:
        """
    ),
    code(
        """
        state = np.array([1 / np.sqrt(3), np.sqrt(2 / 3)])
        print("amplitudes:", state.round(3), "  sum of squares:", round(float(np.sum(np.abs(state) ** 2)), 6))
        """,
        check=True,
    ),
    *exercise(
        "07-2",
        """
        Measuring this qubit: what is the probability of the outcome 0?
        """,
    ),
    md(
        """
        Measure 10,000 identically prepared qubits. Each measurement is a random draw with the
        Born-rule probabilities; the counts approach them.
        """
    ),
    code(
        """
        rng = np.random.default_rng(2006)


        def sample(state, shots):
            \"\"\"Measure `shots` copies of `state`: one outcome per shot, drawn by the Born rule.\"\"\"
            cumulative = np.cumsum(np.abs(state) ** 2)
            return np.searchsorted(cumulative, rng.random(shots) * cumulative[-1], side="right")


        def measure(state, shots):
            \"\"\"How many of `shots` measurements of `state` gave each outcome.\"\"\"
            return np.bincount(sample(state, shots), minlength=len(state))


        print("counts of 0 and 1:", measure(state, 10_000))
        """,
        check=True,
    ),
    md(
        """
        Unequal weights (about 1/3 and 2/3) from a single superposition: Goff's ensemble could
        only give 1/2 and 1/2 for one mark in two squares.

        ### Interference: what the game cannot do

        Quantum states can be *turned*. The Hadamard gate H sends |0⟩ to an equal superposition
        (|0⟩ + |1⟩)/√2, and |1⟩ to (|0⟩ − |1⟩)/√2: note the **minus sign**, a phase. Apply H to
        |0⟩ and measure: 50:50, like a spooky mark in two squares.
        """
    ),
    code(
        """
        H = np.array([[1, 1], [1, -1]]) / np.sqrt(2)
        zero = np.array([1.0, 0.0])

        once = H @ zero
        print("after H:    amplitudes", once.round(3), "  counts", measure(once, 10_000))
        """,
        check=True,
    ),
    *exercise(
        "07-3",
        """
        Now apply H **twice** to |0⟩ and measure. What is the probability of the outcome 0?
        Think it through with amplitudes (signs included) before you run the next cell.
        """,
    ),
    code(
        """
        twice = H @ H @ zero
        print("after H, H: amplitudes", twice.round(3) + 0.0, "  counts", measure(twice, 10_000))

        # The same two steps with probabilities only (each step a fair coin): no signs, no cancelling.
        coin_step = np.array([[0.5, 0.5], [0.5, 0.5]])
        print("coin, coin: probabilities", coin_step @ coin_step @ np.array([1.0, 0.0]))
        """,
        check=True,
    ),
    md(
        """
        Two ways lead to |1⟩ after two H gates, with amplitudes +1/2 and −1/2: they **cancel**.
        The two ways to |0⟩ add up to 1. That is **interference**, and it is the heart of
        quantum behaviour (the double slit works the same way). If you keep only probabilities,
        as the game's equal-weight realities do, each step mixes and nothing ever cancels: 50:50
        for ever. Goff's game has no phases, so it has no interference.

        ## 5. Entanglement without signalling

        Two qubits in the entangled state (|00⟩ + |11⟩)/√2: four amplitudes, for 00, 01, 10
        and 11. Measure both many times.
        """
    ),
    code(
        """
        bell = np.array([1, 0, 0, 1]) / np.sqrt(2)
        outcomes = sample(bell, 10_000)        # 0, 1, 2, 3 stand for 00, 01, 10, 11
        alice, bob = outcomes // 2, outcomes % 2
        print("Alice got 0 in", int(np.sum(alice == 0)), "of 10000 shots")
        print("Bob's result equals Alice's in", int(np.sum(alice == bob)), "of 10000 shots")
        """,
        check=True,
    ),
    md(
        """
        The results are perfectly correlated, however far apart Alice and Bob are, and yet each
        of them, alone, sees a fair coin: Alice's 0s and 1s look the same whatever Bob does.
        Nobody can *choose* an outcome, so neither can send a message this way (the
        **no-signalling** principle). The correlation shows up only when they compare notes
        afterwards, by ordinary means.

        In the game the chooser *does* choose, and the choice fixes marks in every square of
        the group at once. If squares were far-apart laboratories, the chooser could send a
        message through the collapse. That is the deepest way the metaphor breaks: the game's
        "measurement" is a decision, while nature's is a dice roll that no one controls.
        """
    ),
    md(
        """
        ### Exercise 07-4 statements

        Which of these statements hold for **quantum tic-tac-toe as the kit plays it**?

        - **A.** In the game's ensemble every classical board counts the same.
        - **B.** Two realities of the game can cancel each other out, as amplitudes do in
          interference.
        - **C.** Chance decides how a cycle collapses.
        - **D.** Marks in squares far apart on the board can be entangled.
        """
    ),
    *exercise(
        "07-4",
        """
        Give the letters of every statement that holds, e.g. `"B, C"`.
        """,
    ),
    md(
        """
        ## 6. So what is the game good for?

        A metaphor is a tool with a range. Within its range quantum tic-tac-toe is honest: a
        spooky pair really is "one thing in two places until a measurement", shared squares
        really do make a joint state that is not a product, and a collapse really does settle a
        whole entangled group at once. Out of range, it would mislead: it has no amplitudes, no
        phases, no interference, and its measurements are chosen. Knowing exactly where the
        edge is, is what you have learned.
        """
    ),
]

CELLS += footer(
    NAME,
    [
        "The game models superposition, entanglement and measurement faithfully as ideas: a "
        "mark in two squares, joint states that do not factor, one outcome for a whole group.",
        "It breaks on weights (all equal), phases (none, so no interference) and on who picks "
        "the outcome (a player instead of chance).",
        "Real measurements follow the Born rule: probability = |amplitude|²; amplitudes can "
        "cancel (H twice gives |0⟩ for certain).",
        "Entangled outcomes are correlated but cannot carry a message; the game's chooser "
        "could, which is where the metaphor ends.",
    ],
    "You have reached the end of the path. Go back to [00 · Start here](00_start_here.ipynb) "
    "and play a game against the perfect player with new eyes, try the random-collapse "
    "variant in the app's spirit with a friend and a coin, or read Goff's paper, which "
    "discusses many more ideas (interference, decoherence, many worlds) than fit here.",
)
