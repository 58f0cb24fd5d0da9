"""Sentences every Italian notebook repeats, written once."""

import shared

# The Italian glossary (same anchors as the English one), so links open in Italian.
G = "../../lessons/it/glossary.md"


def link(name: str) -> str:
    """Link to the Italian notebook ``name`` when it exists, else to the English one."""
    return shared.link(name, "it")


def binder(name: str) -> str:
    """The Binder address of the Italian notebook ``name``."""
    return shared.BINDER.format(name=name, lang="it")


def stuck(ex: str) -> str:
    """The line under an exercise that points to its hint and its solution."""
    return (
        f'Bloccato? `checks.hint("{ex}")` dà un suggerimento; `checks.solution("{ex}")` mostra '
        "una soluzione svolta (prova da solo per qualche minuto prima: la soluzione resta "
        "nascosta finché non la chiedi)."
    )


def predict(question: str) -> str:
    """A "predict, then run" prompt around ``question``."""
    return (
        f"> **Prevedi, poi esegui.** {question} Scrivi la tua previsione nella cella successiva "
        "ed eseguila; poi esegui la cella dopo, che calcola la risposta e ci mette accanto la "
        "tua previsione."
    )

#: the label on an explanation folded until the student has run the cell above it
WHY = "Perché? Apri qui dopo aver eseguito la cella sopra."
