"""Sentences every Finnish notebook repeats, written once."""

# The Finnish glossary (lessons/fi/glossary.md). It carries the English glossary's anchor
# names (#spooky-mark, #cycle, ...), so the links and the tests that check them stay the same.
G = "../../lessons/fi/glossary.md"


def stuck(exercise: str) -> str:
    """The line under an exercise that points to its hint and its solution."""
    return (
        f'Jumissa? `checks.hint("{exercise}")` antaa vihjeen; `checks.solution("{exercise}")`'
        " näyttää ratkaisun perusteluineen (yritä ensin muutama minuutti itse: ratkaisu pysyy"
        " piilossa, kunnes pyydät sitä)."
    )


def predict(question: str) -> str:
    """A "predict, then run" prompt around ``question``."""
    return (
        f"> **Arvaa ensin, suorita sitten.** {question} Kirjoita arvauksesi seuraavaan soluun"
        " ja suorita se; suorita sitten sitä seuraava solu, joka laskee vastauksen ja asettaa"
        " arvauksesi sen viereen."
    )

#: the label on an explanation folded until the student has run the cell above it
WHY = "Miksi? Avaa tämä, kun olet ajanut yllä olevan solun."
