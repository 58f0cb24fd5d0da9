"""Finnish start-here notebook: translations of the English cells, keyed by fingerprint."""

import re

from common_fi import G

CODE = [
    ('"yes" or "no"', '"kyllä" tai "ei"'),
    ("# ← your prediction, e.g.", "# ← ennustuksesi, esim."),
    ("# ← replace ... with your answer", "# ← korvaa ... vastauksellasi"),
    ("# not allowed: a collapse is pending", "# ei sallittu: romahdus odottaa"),
    # A yes/no answer is printed as a word of the language, never as Python's False.
    (
        re.compile(r'^print\("waiting for a collapse:", (.+)\)$', re.M),
        r'print("odottaa romahdusta:", "kyllä" if \1 else "ei")',
    ),
    (
        'print(pending.mark, "closed a cycle;", pending.chooser, "chooses between", pending.choices)',
        'print(pending.mark, "sulki silmukan;", pending.chooser, "valitsee ruudun",'
        ' pending.choices[0], "tai ruudun", pending.choices[1])',
    ),
    ('"record:"', '"pelimerkintä:"'),
    ('"refused:"', '"hylätty:"'),
    ('"record unchanged:"', '"pelimerkintä ennallaan:"'),
]

MARKDOWN = {
    "ddf6ea089b": """
# 00 · Aloita tästä

*Kvanttiristinolla, oppilaan polku, muistikirja 00/07 (suomenkielinen versio).*
[Avaa tämä muistikirja Binderissä](https://mybinder.org/v2/gh/qttt-edu/qttt-edu/HEAD?labpath=notebooks/i18n/00_start_here.fi.ipynb) (toimii selaimessa, mitään ei tarvitse asentaa).

**Tämän muistikirjan jälkeen osaat**

- pelata kvanttiristinollaa muistikirjan sovelluksessa, yksin tai tietokonetta vastaan;
- kirjoittaa ja lukea *pelimerkinnän*, kuten `1-2 1-2 c1`;
- suorittaa solun, vastata tehtävään ja pyytää vihjettä;
- löytää tiesi materiaalissa: muistikirjat, sanasto, opettajan aineisto.

**Ennen kuin aloitat:** ei mitään. Et tarvitse fysiikkaa etkä Pythonia: jokainen solu on valmis suoritettavaksi.

**Aika:** noin 45 minuuttia, joista 10 pelaamiseen (tehtävät mukaan lukien).
""",
    "54c9bfe3be": """
Kvanttiristinollan keksi fyysikko Allan Goff keinoksi *tuntea*
kolme kvanttimekaniikan outoa ajatusta (superpositio, lomittuminen ja mittaus)
leikkimällä niillä (A. Goff, “Quantum tic-tac-toe: A teaching metaphor for superposition in quantum mechanics”, *Am. J. Phys.* **74**, 962–973 (2006), doi:10.1119/1.2213635). Tällä materiaalilla voit pelata sitä muistikirjassa ja sitten tutustua
jokaiseen ajatukseen tarkemmin, muistikirja kerrallaan.
""",
    "57d675a687": f"""
## Näin käytät muistikirjaa

Muistikirja koostuu *soluista*. Tekstisolut (kuten tämä) selittävät; koodisolut (harmaat
laatikot) tekevät jotain, kun **suoritat** ne: napsauta solua ja paina
**Shift+Enter**. Suorita solut ylhäältä alas. Jos jokin näyttää oudolta, käytä
komentoa *Kernel → Restart and run all* (tai *Run → Run All Cells*) ja aloita alusta.
Kun suoritat kaikki solut, suoritus pysähtyy ensimmäiseen kysymykseen, johon et ole vielä
vastannut: tuloksen näyttävä solu odottaa, kunnes arvauksesi tai vastauksesi on kirjoitettu
sen yläpuolella olevaan soluun. Kirjoita se, suorita se solu ja jatka siitä.

## Säännöt kahdessa minuutissa

Lauta on tavallinen 3 × 3, ja ruudut on numeroitu lukusuunnassa (vasemmalta oikealle, ylhäältä alas):

```
1 2 3
4 5 6
7 8 9
```

- **Siirto on pari.** Jokaisella siirrolla kirjoitat kaksi pientä
  [aavemerkkiä]({G}#spooky-mark), joissa on siirron numero (X1, O2, X3...), kahteen
  eri ruutuun. Merkki päätyy täsmälleen *toiseen* niistä; siihen asti se on
  molemmissa. X tekee parittomat siirrot, O parilliset.
- **Mihin pari saa mennä.** Kahteen eri ruutuun, joissa ei ole klassista merkkiä. Ruudussa
  voi olla monta aavemerkkiä, mutta ei koskaan aavemerkkiä *ja* klassista merkkiä.
- **Silmukat romahtavat.** Kun uusi pari yhdistää kaksi ruutua, jotka ovat jo yhteydessä
  aavemerkkien ketjun kautta, se sulkee [silmukan]({G}#cycle). *Toinen* pelaaja
  ([valitsija]({G}#chooser)) päättää sitten, mihin uusi merkki päätyy, ja ryhmän jokaisesta
  merkistä tulee iso [klassinen merkki]({G}#classical-mark).
- **Sitten valitsija siirtää.** Valinnan jälkeen valitsija tekee seuraavan siirron
  tavalliseen tapaan, joten hän toimii kahdesti peräkkäin: ensin valinta, sitten siirto.
- **Suorat voittavat.** Vain klassiset merkit lasketaan. Kolmen klassisen merkin suora rivissä, sarakkeessa tai lävistäjällä voittaa.
  Jos yksi romahdus antaa molemmille suoran, voittaa ensin valmistunut suora (pienempi
  suurin siirron numero).
- **Yhdeksäs siirto.** Jos jäljellä on vain yksi ruutu, X:n yhdeksäs siirto on yksi tavallinen
  merkki siihen.

Siinä kaikki. Täydet säännöt ovat [sääntökortissa](../../lessons/rules/fi.md). Seuraava solu aloittaa pelin.

**Paperilla** tarvitset vain lyijykynän: piirrä iso 3 × 3 -ruudukko, kirjoita aavemerkit
pienellä ruutujensa nurkkaan (X1, O2, ...), ja kun silmukka romahtaa, pyyhi ne pois ja
kirjoita jokainen klassinen merkki isolla ruutuunsa.
""",
    "18bde2f2c5": """
## Pelaa!

Suorita alla oleva solu. Napsauta kahta ruutua laittaaksesi parin; napsauta korostettua ruutua uudelleen
perutaksesi. Kun silmukka sulkeutuu, tilarivi kertoo, kuka valitsee, ja kaksi painiketta
tarjoaa kaksi ruutua. Laudan vieressä olevat paneelit näyttävät lomittumisgraafin ja
sen, montako klassista lautaa (*todellisuutta*) on vielä mahdollista; paneeli *Kvanttiajatus* kertoo,
mitä kvanttiajatusta kukin tapahtuma havainnollistaa.

Pelaa kokonainen peli vierustoverisi kanssa (kaksi ihmistä, yksi näyttö). Pelaa sitten tietokonetta vastaan
valitsemalla Vastustaja-valikosta. Sovellus puhuu myös englantia, tanskaa, norjaa ja italiaa:
valitse kieli Kieli-valikosta tai käynnistä se komennolla `play(language="fi")` (`"da"`, `"nb"`, `"it"`, `"en"`).

*(Jos luet tämän muistikirjan staattista kopiota, esim. GitHubissa, sovellus ei
näy: avaa muistikirja Binderissä ylälaidan linkistä.)*
""",
    "d082dde528": """
Sovellus muistaa pelinsä. `app.game.record()` antaa tähänastisen pelin *pelimerkintänä*:
siirrot järjestyksessä, tekstinä. Suorita tämä, kun olet pelannut muutaman siirron:
""",
    "2069be920b": """
## Pelimerkinnät

Pelimerkintä on tapa, jolla materiaali kirjoittaa pelin muistiin, yksi osa kutakin toimintoa kohti:

| osa | merkitys |
|---|---|
| `1-5` | aavemerkkien pari ruuduissa 1 ja 5 |
| `c5`  | valitsija laittaa uusimman merkin ruutuun 5 (romahdus) |
| `3`   | X:n yhdeksäs siirto: yksi klassinen merkki ruutuun 3 |

Pelimerkintä rakentaa aseman täsmälleen uudelleen, joten jokainen lauta näissä muistikirjoissa syntyy
jostakin merkinnästä, ja voit liittää minkä tahansa niistä sovelluksen merkintäkenttään. Koodissa
`Game.from_record` rakentaa pelin, ja solun viimeisellä rivillä oleva peli piirtää itsensä:
""",
    "e2e7874c34": """
> **Arvaa ensin, suorita sitten.** X:n seuraava siirto on `1-5`. Sulkeeko se silmukan? Kirjoita arvauksesi seuraavaan soluun ja suorita se; suorita sitten sitä seuraava solu, joka laskee vastauksen ja asettaa arvauksesi sen viereen.
""",
    "52c1a3126c": """
Ei: X3 yhdistää ruudun 1 (yhteinen X1:n kanssa) ruutuun 5 (yhteinen O2:n kanssa), mutta ruudut 1 ja
5 eivät olleet vielä yhteydessä, joten ketju vain pitenee.

Nyt O pelaa `7-9` ja yhdistää ruudut 7 ja 9,
jotka ovat jo yhteydessä ruutujen 1 ja 5 kautta:
""",
    "56b11b01bf": """
Materiaali hylkää sääntöjen vastaisen toiminnon viestillä, joka kertoo, mikä on sallittua, eikä
peli muutu:
""",
    "7c8c33c39c": """
## Tehtävät

Jokaisessa muistikirjassa on tehtäviä. Kirjoitat vastauksesi `...`:n paikalle ja suoritat
solun; tarkistaja tulostaa rivin, joka alkaa merkillä **✓** (oikein) tai **✗** (ei vielä, ja
vihje). Vastauksen voi kirjoittaa missä tahansa järkevässä muodossa: `[1, 4, 7]`, `"1, 4 ja 7"` ja
`(7, 4, 1)` ovat kaikki sama vastaus. Kokeile:
""",
    "91b3594c7d": """
### Tehtävä 00-1

Mitkä kolme ruutua muodostavat lävistäjän **oikeasta yläkulmasta**
**vasempaan alakulmaan**?
""",
    "ef8962352c": """
Jumissa? `checks.hint("00-1")` antaa vihjeen; `checks.solution("00-1")` näyttää ratkaisun perusteluineen (yritä ensin muutama minuutti itse: ratkaisu pysyy piilossa, kunnes pyydät sitä).
""",
    "d134547939": """
### Tehtävä 00-2

Kuka on vuorossa pelimerkinnän `1-9 1-9` jälkeen: `"X"` vai `"O"`? (Mieti, mikä siirto
sulki silmukan.)
""",
    "9428e1b241": """
Jumissa? `checks.hint("00-2")` antaa vihjeen; `checks.solution("00-2")` näyttää ratkaisun perusteluineen (yritä ensin muutama minuutti itse: ratkaisu pysyy piilossa, kunnes pyydät sitä).
""",
    "4014126431": """
### Tehtävä 00-3

Kirjoita pelimerkintä, jossa **X:n ensimmäisestä merkistä X1 tulee klassinen merkki
keskelle** (ruutuun 5). Kokeile ensin sovelluksessa, jos haluat, ja liitä merkintä sitten tähän.
""",
    "6af6b18045": """
Jumissa? `checks.hint("00-3")` antaa vihjeen; `checks.solution("00-3")` näyttää ratkaisun perusteluineen (yritä ensin muutama minuutti itse: ratkaisu pysyy piilossa, kunnes pyydät sitä).
""",
    "80caa2a01f": """
## Miten materiaali on järjestetty

**Muistikirjat** (kansio `notebooks/`, yksi taso ylempänä) ovat oppilaan polku. Jokainen alkaa siitä, mitä
opit, päättyy yhteenvetoon ja vie noin yhden 45 minuutin oppitunnin (muistikirjat 05 ja 07 vievät kaksi). Kaikki kahdeksan muistikirjaa ovat
suomeksi tässä kansiossa (`notebooks/i18n/`); englanninkieliset alkuperäiset ovat kansiossa `notebooks/`.
""",
    "8aec990f34": """
| muistikirja | mistä se kertoo |
|---|---|
| [00 · Aloita tästä](00_start_here.fi.ipynb) | pelaa peli; miten materiaali toimii (tämä muistikirja) |
| [01 · Superpositio](01_superposition.fi.ipynb) | yksi merkki kahdessa ruudussa; todellisuudet; todennäköisyydet |
| [02 · Lomittuminen](02_entanglement.fi.ipynb) | ruutuja jakavat merkit; lomittumisgraafi; Goffin dekoherenssiluvut |
| [03 · Mittaus ja romahdus](03_measurement_and_collapse.fi.ipynb) | silmukat, valitsija, ketjureaktio: pelin mittaus |
| [04 · Voitto ja pisteet](04_winning_and_scoring.fi.ipynb) | suorat, samanaikaiset suorat, Goffin pisteet, yhdeksäs siirto |
| [05 · Strategia](05_strategy.fi.ipynb) | pelaa tietokonetta vastaan; ansat; oma pelaajasi luokan turnauksessa |
| [06 · Pelin ratkaiseminen](06_solving_the_game.fi.ipynb) | kuinka suuri peli on; minimax; mitä täydellinen peli antaa |
| [07 · Vertauskuva ja fysiikka](07_metaphor_and_physics.fi.ipynb) | missä vertauskuva pitää ja missä pettää; satunnainen romahdus; oikeat kubitit NumPyllä |
""",
    "fb7af1ac03": f"""
**Sanasto** ([lessons/fi/glossary.md]({G})) selittää jokaisen pelin sanan:
[aavemerkki]({G}#spooky-mark), [klassinen merkki]({G}#classical-mark),
[silmukka]({G}#cycle), [romahdus]({G}#collapse), [varsi]({G}#stem), [valitsija]({G}#chooser),
[todellisuus]({G}#reality), [ensemble]({G}#ensemble). Tällaiset linkitetyt sanat avaavat sen
(lopussa on pelin sanojen taulukko englanniksi ja suomeksi).

**Opettajille** kansiossa `lessons/` on tuntisuunnitelmat, tehtävämonisteet, ratkaisut ja
säännöt viidellä kielellä; [opettajan opas suomeksi](../../lessons/fi/README.md) ja
[säännöt suomeksi](../../lessons/rules/fi.md).

Pelaamiseen ja muistikirjojen seuraamiseen ei tarvita Pythonia. Jos osaat sitä vähän ja
olet utelias, [muistikirjojen esittely](README.fi.md) luettelee paketin osat.
`set_language("fi")` ensimmäisessä koodisolussa saa materiaalin puhumaan suomea.
""",
    "64272f7d47": """
## Yhteenveto

- Siirto on aavemerkkien pari; silmukan sulkeva siirto antaa valinnan toiselle pelaajalle, ja ryhmästä tulee klassinen.
- Vain klassiset merkit muodostavat suoria.
- Pelimerkintä kuten `1-9 5-7 1-5 7-9` rakentaa minkä tahansa aseman uudelleen; sovellus lukee ja kirjoittaa pelimerkintöjä.
- Tehtävät tarkistaa `checks.check`; vihjeet ja ratkaisut odottavat, kunnes pyydät niitä.

## Mitä seuraavaksi

Jatka muistikirjaan **[01 · Superpositio](01_superposition.fi.ipynb)**. Se tarkastelee yhtä siirtoa: mitä tarkoittaa, että merkki on kahdessa ruudussa yhtä aikaa.
""",
}
