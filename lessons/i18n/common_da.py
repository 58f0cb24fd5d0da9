"""Sentences every Danish notebook repeats, written once."""

# The Danish glossary (lessons/da/glossary.md) keeps the English anchors (#spooky-mark, ...),
# so Danish notebooks link their game words to it instead of the English page.
G = "../../lessons/da/glossary.md"


def stuck(exercise: str) -> str:
    """The line under an exercise that points to its hint and its solution."""
    return (
        f'Sidder du fast? `checks.hint("{exercise}")` giver et tip; `checks.solution("{exercise}")` viser en'
        " gennemregnet løsning (prøv selv i et par minutter først: løsningen er skjult, indtil du"
        " beder om den)."
    )


def predict(question: str) -> str:
    """A "predict, then run" prompt around ``question``."""
    return (
        f"> **Gæt først, kør så.** {question} Skriv dit gæt i den næste celle, og kør den; kør så cellen"
        " efter, som regner svaret ud og sætter dit gæt ved siden af."
    )

#: the label on an explanation folded until the student has run the cell above it
WHY = "Hvorfor? Åbn, når du har kørt cellen ovenfor."
