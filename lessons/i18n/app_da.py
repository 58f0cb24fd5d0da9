"""Danish app notebook (notebooks/i18n/app.da.ipynb): its title and code comments."""

TITLE = "Kvante-kryds og bolle"

CODE = [
    (
        "# The board sizes itself from the screen: a projector, a laptop or a phone.",
        "# Brættet tilpasser sig skærmen: en projektor, en bærbar eller en telefon.",
    ),
    (
        "# In Voila, ?lang=da (fi, nb, it) in the address chooses the language.",
        "# Siden er på dansk; i den engelske app (../app.ipynb) vælger ?lang= i adressen sproget.",
    ),
    ("app = play()", 'app = play(language="da")'),
]

MARKDOWN: dict[str, str] = {}
