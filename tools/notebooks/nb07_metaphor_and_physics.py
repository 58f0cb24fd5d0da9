"""Notebook 07: the metaphor and the physics."""

from common import GOFF, code, exercise, explained, footer, header, md, predict, reveal_cell, term

NAME = "07_metaphor_and_physics"

CELLS = [
    *header(
        NAME,
        [
            "say what the game's ensemble is (a classical probability distribution over boards), "
            "and so what the game can and cannot show about quantum mechanics;",
            "play a variant where chance, not a player, decides each collapse, and say what "
            "changes and how sure you are;",
            "multiply a matrix by a vector, and use it to simulate qubits with numpy: the Born "
            "rule, amplitudes and interference;",
            "run a CHSH experiment: compare what entangled qubits give with what any list of "
            "pre-set answers (or of boards) can give;",
            "show that Bob's choice of measurement does not change Alice's results "
            "(no-signalling), and why the game's chooser is different.",
        ],
        "notebooks [01](01_superposition.ipynb) to [03](03_measurement_and_collapse.ipynb). "
        "Sections 4–6 use a little algebra: section 4 teaches the one piece of matrix "
        "arithmetic they need. Complex numbers are not needed.",
        "about 65 minutes, two lessons: sections 1–4 (about 35 minutes), then 5–7 "
        "(exercises included). With only one lesson, stop after section 4 and read section 7",
    ),
    code(
        """
        import itertools
        import math
        import random

        import numpy as np

        from qttt_edu import Game, checks
        from qttt_edu.i18n import number, percent
        from qttt_edu.players import HeuristicPlayer, play_match
        from qttt_edu.predict import reveal
        """
    ),
    md(
        f"""
        ## 1. What the game shows

        Allan Goff built the game so that its moves *behave like* quantum ideas ({GOFF}).
        It gives each idea a picture you can play with:

        | quantum idea | its picture in the game |
        |---|---|
        | **superposition**: a system in several states at once until measured | a spooky pair: one mark written in two squares ({term("spooky mark", "spooky-mark")}) |
        | **entanglement**: a joint state that is not a product of separate states | marks sharing squares: some combinations are ruled out and the ket does not factor ({term("entanglement")}) |
        | **measurement**: one definite outcome, the other possibilities gone | a {term("collapse")}: one classical board for the whole group |
        | **nonlocal correlations**: entangled parts settle together, however far apart | a collapse settles marks in far-apart squares at once |
        | **an ensemble** of possibilities | the {term("ensemble")} of {term("realities", "reality")}: every classical board still possible |

        ## 2. What the game's ensemble is, and what it cannot tell apart

        Look at the ensemble plainly. It is a list of ordinary boards, each with the same
        probability: a **classical probability distribution**, of the kind a shuffled deck of
        cards has. When marks share a square, or a cycle collapses, boards are struck off the
        list and the rest keep equal shares: that is ordinary **conditioning**, what you do
        when you learn that a card is not the ace.

        So nothing in the game can tell a superposition from plain **ignorance** (the mark is
        in one square and we just do not know which), or entanglement from ordinary
        **correlation** (a red card and a black card sealed in two envelopes: open one and
        you know the other). The pictures of the table above are true of both. What makes
        quantum mechanics different does not appear in the game at all:

        | | quantum mechanics | quantum tic-tac-toe |
        |---|---|---|
        | weights | each possibility has an **amplitude**; probabilities are their squares (the Born rule) and need not be equal | every reality counts the same (Goff's equal weights) |
        | signs (phases) and interference | amplitudes have signs, so two ways to the same outcome can add up or **cancel** | realities only add; nothing ever cancels |
        | correlations | entangled qubits give correlations that **no list** of pre-set outcomes can give (section 6) | a list of boards is exactly such a list |
        | who picks the outcome | **nobody**: it is random, with Born-rule probabilities | **a player**, on purpose (the chooser) |
        | sending messages | impossible with entanglement alone (**no-signalling**, section 5) | the chooser's decision fixes marks anywhere in the group |
        | when it happens | when the system interacts with a measuring device | when a cycle closes |

        The next sections make these rows concrete, one at a time.

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
    reveal_cell(
        """
        rng = random.Random(7)
        fig4 = Game.from_record("1-2 2-5 1-5")
        landings = [rng.choice(fig4.awaiting_collapse.choices) for _ in range(1000)]
        print("X3 landed in square 1 in", landings.count(1), "of 1000 coin-tossed collapses")
        """
    ),
    md(
        """
        A coin changes the game more than you might think. The heuristic player plays to win
        its collapse choices; with a coin those choices are gone. Below, a *coin collapse*
        wrapper keeps a player's moves but tosses a coin for every collapse. Two heuristic
        players meet 500 times in each version of the game.
        """
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


        def interval(count, games):
            \"\"\"The share count/games and its 95 % confidence interval, as (share, low, high).\"\"\"
            share = count / games
            margin = 2 * math.sqrt(share * (1 - share) / games)
            return share, max(share - margin, 0), min(share + margin, 1)
        """
    ),
    md(
        """
        A result from 500 games is not exact: play another 500 and the shares move a little.
        A share seen in *n* games scatters around the true chance *p* by about
        √(*p*(1 − *p*)/*n*), so the **95 % confidence interval**, share ± 2√(share × (1 −
        share)/*n*), is the range of chances that fit what we saw. Where the intervals of the
        two versions do not overlap, the difference is not luck; where they overlap, these
        games cannot tell.
        """
    ),
    *predict(
        "Will X, who moves first, win *less* often when a coin decides every collapse?",
        '"yes" or "no"',
    ),
    reveal_cell(
        """
        GAMES = 500
        chosen = play_match(HeuristicPlayer(), HeuristicPlayer(), games=GAMES, seed=11, time_limit=None)
        coin = play_match(CoinCollapse(HeuristicPlayer(), 1), CoinCollapse(HeuristicPlayer(), 2),
                          games=GAMES, seed=11, time_limit=None)
        print(f"{GAMES} games each      X wins             O wins             draws")
        shares = {}
        for label, m in (("chooser decides", chosen), ("coin decides", coin)):
            shares[label] = [interval(n, GAMES) for n in (m.x_wins, m.o_wins, m.draws)]
            print(f"{label:18}", "   ".join(f"{percent(s):>4} ({percent(lo):>4}-{percent(hi):>4})" for s, lo, hi in shares[label]))
        x_chooser, x_coin = shares["chooser decides"][0], shares["coin decides"][0]
        reveal(guess, x_coin[2] < x_chooser[1])   # "less" only if the intervals do not overlap
        """
    ),
    explained(
        """
        What changes is not X's share: the two intervals for X overlap, so these games show
        no difference there. What changes is how the games that X does not win end: with a
        coin, **O wins more often and draws become rarer** (those intervals do not overlap).
        A chooser can often steer a collapse away from the opponent's line and into a draw;
        a coin cannot. With a coin, closing a cycle is no longer handing your opponent a
        question: it is a bet, and strategy changes from "never offer a winning choice" to
        "offer only good chances".

        The random variant is closer to physics in one respect (outcomes are random) and
        exactly as far in another: the coin is fair, 50:50, while a real measurement follows
        the Born rule with weights that need not be equal. Where do those weights come from?

        ## 4. A real two-state system, in numpy

        ### A matrix times a vector

        This section and the next use one piece of arithmetic. A **vector** is a list of
        numbers, such as (3, 4). A **matrix** is a table of numbers. A matrix times a vector
        gives a new vector: each entry is one **row** of the matrix times the vector, entry by
        entry, added up:

        ```
        | 1  2 |   | 3 |   | 1·3 + 2·4 |   | 11 |
        | 0 -1 | · | 4 | = | 0·3 − 1·4 | = | -4 |
        ```

        numpy writes vectors and matrices as arrays, and the product as `@`:
        """
    ),
    code(
        """
        M = np.array([[1, 2], [0, -1]])
        v = np.array([3, 4])
        print("M @ v =", M @ v)
        print("by hand:", [1 * 3 + 2 * 4, 0 * 3 + (-1) * 4])
        """,
        check=True,
    ),
    md(
        """
        Try another vector in place of (3, 4), work out the product by hand first, then run
        the cell again.

        ### Amplitudes and the Born rule

        A *qubit* (a photon's polarisation, an electron's spin) has two basic states, written
        |0⟩ and |1⟩. Its state is a vector of two **amplitudes**, (a, b), standing for
        a|0⟩ + b|1⟩ with a² + b² = 1. (In general amplitudes are complex numbers and the rule
        uses their sizes |a|² and |b|²; the real numbers of this notebook are enough for
        everything it shows.) Measuring the qubit gives 0 with probability a² and 1 with
        probability b²: the **Born rule**. Nobody chooses; the outcome is random.

        This state has amplitude 1/√3 for |0⟩:
        """
    ),
    code(
        """
        state = np.array([1 / np.sqrt(3), np.sqrt(2 / 3)])
        print("amplitudes:", state.round(3), "  sum of squares:", round(float(np.sum(state ** 2)), 6))
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
        Measure 10,000 identically prepared qubits. `rng.choice(2, size=shots, p=...)` draws
        outcome 0 or 1 for every shot with the probabilities `p`: the Born rule, one shot
        at a time. The counts approach the probabilities.
        """
    ),
    reveal_cell(
        """
        rng = np.random.default_rng(2006)


        def measure(state, shots):
            \"\"\"How many of `shots` measurements of `state` gave each outcome (Born rule).\"\"\"
            outcomes = rng.choice(len(state), size=shots, p=np.abs(state) ** 2)
            return np.bincount(outcomes, minlength=len(state))


        print("counts of 0 and 1:", measure(state, 10_000))
        """
    ),
    explained(
        """
        Unequal weights (about 1/3 and 2/3) from a single superposition: Goff's ensemble could
        only give 1/2 and 1/2 for one mark in two squares.

        ### Interference: what the game cannot do

        Quantum states can be *turned* by multiplying them by a matrix. The Hadamard gate H
        sends |0⟩ = (1, 0) to the equal superposition (|0⟩ + |1⟩)/√2, and |1⟩ = (0, 1) to
        (|0⟩ − |1⟩)/√2: note the **minus sign**. Apply H to |0⟩ and measure: 50:50, like a
        spooky mark in two squares.
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
        Work out H times the vector (1/√2, 1/√2) by hand, signs included, before you run the
        next cell.
        """,
    ),
    reveal_cell(
        """
        twice = H @ H @ zero
        print("after H, H: amplitudes", twice.round(3) + 0.0, "  counts", measure(twice, 10_000))

        # The same two steps with probabilities only (each step a fair coin): no signs, no cancelling.
        coin_step = np.array([[0.5, 0.5], [0.5, 0.5]])
        print("coin, coin: probabilities", coin_step @ coin_step @ np.array([1.0, 0.0]))
        """
    ),
    explained(
        """
        Two ways lead to |1⟩ after two H gates, with amplitudes +1/2 and −1/2: they **cancel**.
        The two ways to |0⟩ add up to 1. That is **interference**, and it is the heart of
        quantum behaviour (the double slit works the same way). If you keep only probabilities,
        as the game's equal-weight realities do, each step mixes and nothing ever cancels: 50:50
        for ever. Goff's game has no signs, so it has no interference.

        ## 5. Two qubits: correlated, yet no message

        Two qubits, one for Alice and one for Bob, have four basic states 00, 01, 10 and 11,
        so their state is a vector of four amplitudes. The entangled state (|00⟩ + |11⟩)/√2
        is `[1, 0, 0, 1] / √2`.

        Each of them can choose **how** to measure: along an angle θ (think of turning a
        polarising filter). Measuring along θ means turning the qubit by the matrix
        `turn(θ)` below and then reading 0 or 1. `np.kron(A, B)` builds the 4 × 4 matrix that
        applies A to Alice's qubit and B to Bob's at the same time. Then the Born rule gives
        the probabilities of the four outcome pairs.
        """
    ),
    code(
        """
        bell = np.array([1, 0, 0, 1]) / np.sqrt(2)


        def turn(degrees):
            \"\"\"The matrix that measures a qubit along the angle `degrees`.\"\"\"
            t = np.radians(degrees)
            return np.array([[np.cos(t), np.sin(t)], [-np.sin(t), np.cos(t)]])


        def joint(alice_angle, bob_angle):
            \"\"\"Probabilities of the outcome pairs 00, 01, 10, 11 for the two angles.\"\"\"
            amplitudes = np.kron(turn(alice_angle), turn(bob_angle)) @ bell
            return amplitudes ** 2


        print("both at 0°:", joint(0, 0).round(3), "  (00, 01, 10, 11)")
        """,
        check=True,
    ),
    md(
        """
        Measured along the same angle, the two results always agree (00 or 11, half the time
        each), however far apart Alice and Bob are. Two envelopes with matching cards would
        do that too. Now the question that matters for sending messages: can **Bob**, by
        choosing his angle, change what **Alice** sees?

        Bob tries. He wants to send the bits of a message: for a 0 he measures along 0°, for a
        1 along 45°. Alice always measures along 0° and counts her 1s, separately for the
        shots where Bob sent 0 and where he sent 1 (she can sort them only later, when Bob
        tells her his list by ordinary means).
        """
    ),
    *predict(
        "Will Alice's share of 1s be different when Bob chooses 45° instead of 0°?",
        '"yes" or "no"',
    ),
    reveal_cell(
        """
        SHOTS = 20_000
        message = rng.integers(2, size=SHOTS)           # Bob's choice for every shot: 0 or 1
        alice_ones = {0: 0, 1: 0}
        for bit in (0, 1):
            shots = int(np.sum(message == bit))
            pairs = rng.choice(4, size=shots, p=joint(0, 45 * bit))
            alice_ones[bit] = int(np.sum(pairs // 2))    # Alice's result is the first digit
            share = alice_ones[bit] / shots
            margin = 2 * math.sqrt(share * (1 - share) / shots)
            exact = joint(0, 45 * bit)[2:].sum()          # P(Alice gets 1) = P(10) + P(11)
            print(f"Bob at {45 * bit:2}°: Alice got 1 in {percent(share, 1)} of {shots} shots"
                  f" (95 % interval {percent(share - margin, 1)} to {percent(share + margin, 1)}); exact {number(exact, 3)}")
        changed = abs(joint(0, 0)[2:].sum() - joint(0, 45)[2:].sum()) > 1e-12
        reveal(guess, changed)
        """
    ),
    explained(
        """
        Whatever Bob chooses, Alice sees a fair coin: exactly 1/2 in theory, and intervals
        that overlap in the experiment. Bob's choice changes the **correlation** between
        their results (which shows only when they compare lists), never Alice's own
        statistics. Nobody can choose an outcome, so no message gets through: this is the
        **no-signalling** principle.

        In the game the chooser *does* choose the outcome, and the choice fixes marks in
        every square of the group at once. If squares were far-apart laboratories, the
        chooser could send a message through the collapse. Nature's measurements are dice
        rolls that no one controls.

        ## 6. A test for lists of boards: the CHSH experiment

        Section 5's matching results could come from envelopes prepared in advance. In 1969
        Clauser, Horne, Shimony and Holt (CHSH) found a test that no such preparation can
        pass (J. F. Clauser, M. A. Horne, A. Shimony, R. A. Holt, *Phys. Rev. Lett.* **23**,
        880 (1969)). Alice measures along one of two angles, *a* or *a′*; Bob along *b* or *b′*.
        Count each result as +1 or −1, and let E be the average of (Alice's result × Bob's
        result) for one pair of angles: +1 if they always agree, −1 if they always differ.
        Then take

        > S = E(*a*, *b*) + E(*a*, *b′*) + E(*a′*, *b*) − E(*a′*, *b′*).

        **A list prepared in advance.** Suppose every pair of qubits carried a slip saying what
        to answer for each angle, like an envelope, or like a board in the game's ensemble.
        The cell below tries every possible slip: Alice's answers for *a* and *a′*, Bob's for
        *b* and *b′*.
        """
    ),
    *predict(
        "What is the largest S that any slip, or any mixture of slips, can give?", "3"
    ),
    reveal_cell(
        """
        values = set()
        for A, A2, B, B2 in itertools.product((+1, -1), repeat=4):
            values.add(A * B + A * B2 + A2 * B - A2 * B2)
        print("S for the 16 possible slips:", sorted(values))
        reveal(guess, max(values))
        """
    ),
    explained(
        """
        Every single slip gives S = +2 or −2 (write S = A(B + B′) + A′(B − B′): one bracket is
        0 and the other ±2). A mixture of slips, any probability distribution over them such
        as the game's ensemble over boards, gives an average of such values, so it can never
        pass 2. This is a **Bell inequality**: |S| ≤ 2 for any answers fixed in
        advance, with the settings chosen independently of them.

        **Entangled qubits.** Now measure the pair (|00⟩ + |11⟩)/√2 at the angles
        *a* = 0°, *a′* = 45°, *b* = 22.5°, *b′* = −22.5°, computing E exactly from `joint`
        and also from 10,000 simulated shots per pair of angles.
        """
    ),
    *predict("What value of S will the entangled qubits give?", "1.5"),
    reveal_cell(
        """
        SIGN = np.array([+1, -1, -1, +1])               # result product for 00, 01, 10, 11


        def correlation(a, b, shots=None):
            \"\"\"E(a, b): exact, or estimated from `shots` simulated measurements.\"\"\"
            p = joint(a, b)
            if shots is None:
                return float(SIGN @ p)
            return float(np.mean(SIGN[rng.choice(4, size=shots, p=p)]))


        a, a2, b, b2 = 0, 45, 22.5, -22.5
        terms = ((a, b, +1), (a, b2, +1), (a2, b, +1), (a2, b2, -1))
        exact = sum(sign * correlation(x, y) for x, y, sign in terms)
        shots = 10_000
        simulated = sum(sign * correlation(x, y, shots) for x, y, sign in terms)
        margin = 2 * math.sqrt(4 / shots)                # each E has standard error at most 1/√shots
        print(f"exact S = {number(exact, 4)}   (2√2 = {number(2 * math.sqrt(2), 4)})")
        print(f"simulated S = {number(simulated, 2)}, 95 % interval {number(simulated - margin, 2)} to {number(simulated + margin, 2)}")
        reveal(guess, exact, tolerance=0.1)
        """
    ),
    explained(
        """
        S = 2√2 ≈ 2.83, well past the classical limit of 2 (the simulated interval stays above
        2 too), and 2√2 is the most quantum mechanics allows (B. S. Cirel'son, *Lett. Math.
        Phys.* **4**, 93 (1980)). No list of pre-set answers, no ensemble of boards, can do
        that. Experiments with real photons, electrons and atoms find values above 2, also
        in "loophole-free" tests (e.g. B. Hensen et al., *Nature* **526**, 682 (2015)); the
        2022 Nobel Prize in Physics went to Alain Aspect, John Clauser and Anton Zeilinger for
        such experiments. And even so, as section 5 showed,
        Alice alone still sees a fair coin: strong correlation, no message.

        Quantum tic-tac-toe, as any list of boards played out at random, stays at or below 2.
        That is the clearest line between the metaphor and the physics.
        """,
        2,
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
        ## 7. So what is the game good for?

        A metaphor is a tool with a range. Quantum tic-tac-toe gives the **vocabulary and the
        bookkeeping** of quantum mechanics a shape you can play with: a list of possibilities
        instead of one fact, possibilities ruled out when systems interact, a whole group
        settled by one measurement, and the counting of all of it. What it cannot show is
        what makes those ideas *quantum*: amplitudes with signs that interfere, correlations
        beyond any list (CHSH), and outcomes nobody controls. The game's "superposition" could
        just as well be ignorance, and its "entanglement" a pair of sealed envelopes. Knowing
        exactly where that edge is, is what you have learned.
        """
    ),
]

CELLS += footer(
    NAME,
    [
        "The game's ensemble is a classical probability distribution over boards; ruling boards "
        "out is ordinary conditioning. So the game cannot tell superposition from ignorance, or "
        "entanglement from classical correlation: it pictures the ideas, not the physics.",
        "A coin instead of a chooser changes how games end; claims from simulations need "
        "enough games and an uncertainty (95 % intervals).",
        "Real measurements follow the Born rule: probability = amplitude²; amplitudes can "
        "cancel (interference), probabilities cannot.",
        "Bob's choice of measurement does not change Alice's statistics (no-signalling); the "
        "game's chooser could signal, because a player picks the outcome.",
        "CHSH: answers fixed in advance and entangled qubits have different limits for S, "
        "the clearest line between the metaphor and the physics.",
    ],
    "You have reached the end of the path. Go back to [00 · Start here](00_start_here.ipynb) "
    "and play a game against the perfect player with new eyes, try the random-collapse "
    "variant with a friend and a coin, or read Goff's paper, which discusses many more ideas "
    "(interference, decoherence, many worlds) than fit here.",
)
