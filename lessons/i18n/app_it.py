"""Italian app notebook (notebooks/i18n/app.it.ipynb): its title and code comments."""

TITLE = "Tris quantistico"

CODE = [
    (
        "# The board sizes itself from the screen: a projector, a laptop or a phone.",
        "# Il tabellone si adatta allo schermo: un proiettore, un portatile o un telefono.",
    ),
    (
        "# In Voila, ?lang=da (fi, nb, it) in the address chooses the language.",
        "# La pagina è in italiano; nell'app inglese (../app.ipynb) la lingua si sceglie con ?lang= nell'indirizzo.",
    ),
    ("app = play()", 'app = play(language="it")'),
]

MARKDOWN: dict[str, str] = {}
