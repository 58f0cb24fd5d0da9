"""Norwegian app notebook (notebooks/i18n/app.nb.ipynb): its title and code comments."""

TITLE = "Kvante-tre på rad"

CODE = [
    (
        "# The board sizes itself from the screen: a projector, a laptop or a phone.",
        "# Brettet tilpasser seg skjermen: en prosjektor, en bærbar PC eller en mobil.",
    ),
    (
        "# In Voila, ?lang=da (fi, nb, it) in the address chooses the language.",
        "# Siden er på norsk; i den engelske appen (../app.ipynb) velger ?lang= i adressen språket.",
    ),
    ("app = play()", 'app = play(language="nb")'),
]

MARKDOWN: dict[str, str] = {}
