"""Finnish app notebook (notebooks/i18n/app.fi.ipynb): its title and code comments."""

TITLE = "Kvanttiristinolla"

CODE = [
    (
        "# The board sizes itself from the screen: a projector, a laptop or a phone.",
        "# Lauta sovittaa kokonsa näyttöön: videotykki, kannettava tai puhelin.",
    ),
    (
        "# In Voila, ?lang=da (fi, nb, it) in the address chooses the language.",
        "# Sivu on suomeksi; englanninkielisessä sovelluksessa (../app.ipynb) kielen valitsee osoitteen ?lang=.",
    ),
    ("app = play()", 'app = play(language="fi")'),
]

MARKDOWN: dict[str, str] = {}
