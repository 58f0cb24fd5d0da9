"""Finnish notebook 07 (the metaphor and the physics): translations of the English cells."""

from common_fi import G, predict, stuck

CODE = [
    ("# ← your prediction, e.g.", "# ← ennustuksesi, esim."),
    ('"yes" or "no"', '"kyllä" tai "ei"'),
    ("# ← replace ... with your answer", "# ← korvaa ... vastauksellasi"),
    (
        'print("X3 landed in square 1 in", landings.count(1), "of 1000 coin-tossed collapses")',
        'print("Ruutuun 1 X3 päätyi", landings.count(1), "kertaa 1000:sta kolikolla'
        ' ratkaistusta romahduksesta")',
    ),
    (
        '"""A player whose collapses are decided by a fair coin; its moves are unchanged."""',
        '"""Pelaaja, jonka romahdukset ratkaisee reilu kolikko; sen siirrot pysyvät ennallaan."""',
    ),
    ('player.name + " + coin"', 'player.name + " + kolikko"'),
    (
        '"""The share count/games and its 95 % confidence interval, as (share, low, high)."""',
        '"""Osuus count/games ja sen 95 %:n luottamusväli muodossa (osuus, alaraja, yläraja)."""',
    ),
    (
        'f"{GAMES} games each      X wins             O wins             draws"',
        'f"{GAMES} peliä kummassakin X voittaa         O voittaa          tasapelit"',
    ),
    ('"chooser decides"', '"valitsija päättää"'),
    ('"coin decides"', '"kolikko päättää"'),
    (
        '# "less" only if the intervals do not overlap',
        '# "harvemmin" vain, jos välit eivät mene päällekkäin',
    ),
    ('"by hand:"', '"käsin:"'),
    (
        '"amplitudes:", state.round(3), "  sum of squares:"',
        '"amplitudit:", state.round(3), "  neliöiden summa:"',
    ),
    (
        '"""How many of `shots` measurements of `state` gave each outcome (Born rule)."""',
        '"""Montako `shots` mittauksesta tilassa `state` antoi kunkin tuloksen (Bornin sääntö)."""',
    ),
    ('"counts of 0 and 1:"', '"tulosten 0 ja 1 määrät:"'),
    (
        '"after H:    amplitudes", once.round(3), "  counts"',
        '"yhden H:n jälkeen:  amplitudit", once.round(3), "  määrät"',
    ),
    (
        '"after H, H: amplitudes", twice.round(3) + 0.0, "  counts"',
        '"kahden H:n jälkeen: amplitudit", twice.round(3) + 0.0, "  määrät"',
    ),
    (
        "# The same two steps with probabilities only (each step a fair coin):"
        " no signs, no cancelling.",
        "# Samat kaksi askelta pelkillä todennäköisyyksillä (kumpikin askel reilu kolikko):"
        " ei etumerkkejä, ei kumoutumista.",
    ),
    ('"coin, coin: probabilities"', '"kolikko, kolikko: todennäköisyydet"'),
    (
        '"""The matrix that measures a qubit along the angle `degrees`."""',
        '"""Matriisi, jolla kubitti mitataan kulmassa `degrees`."""',
    ),
    (
        '"""Probabilities of the outcome pairs 00, 01, 10, 11 for the two angles."""',
        '"""Tulosparien 00, 01, 10, 11 todennäköisyydet näillä kahdella kulmalla."""',
    ),
    ('"both at 0°:"', '"molemmat kulmassa 0°:"'),
    ("# Bob's choice for every shot: 0 or 1", "# Bobin valinta jokaiselle mittaukselle: 0 tai 1"),
    ("# Alice's result is the first digit", "# Alicen tulos on ensimmäinen numero"),
    ("# P(Alice gets 1) = P(10) + P(11)", "# P(Alice saa 1) = P(10) + P(11)"),
    (
        'f"Bob at {45 * bit:2}°: Alice got 1 in {percent(share, 1)} of {shots} shots"',
        'f"Bob kulmassa {45 * bit:2}°: Alice sai ykkösen {percent(share, 1)}:ssa {shots} mittauksesta"',
    ),
    (
        'f" (95 % interval {percent(share - margin, 1)} to {percent(share + margin, 1)}); exact {number(exact, 3)}"',
        'f" (95 %:n luottamusväli {percent(share - margin, 1)}–{percent(share + margin, 1)});'
        ' tarkka arvo {number(exact, 3)}"',
    ),
    ('"S for the 16 possible slips:"', '"S kaikille 16 mahdolliselle lapulle:"'),
    ("# result product for 00, 01, 10, 11", "# tulosten tulo tapauksissa 00, 01, 10, 11"),
    (
        '"""E(a, b): exact, or estimated from `shots` simulated measurements."""',
        '"""E(a, b): tarkka arvo tai arvio `shots` simuloidusta mittauksesta."""',
    ),
    (
        "# each E has standard error at most 1/√shots",
        "# jokaisen E:n keskivirhe on enintään 1/√shots",
    ),
    ('f"exact S = {number(exact, 4)}', 'f"tarkka S = {number(exact, 4)}'),
    (
        'f"simulated S = {number(simulated, 2)}, 95 % interval {number(simulated - margin, 2)}'
        ' to {number(simulated + margin, 2)}"',
        'f"simuloitu S = {number(simulated, 2)}, 95 %:n luottamusväli {number(simulated - margin, 2)}'
        '–{number(simulated + margin, 2)}"',
    ),
]


MARKDOWN = {
    "f9bbdc1c33": """
# 07 · Vertauskuva ja fysiikka

*Kvanttiristinolla, oppilaan polku, muistikirja 07/07 (suomenkielinen versio).*
[Avaa tämä muistikirja Binderissä](https://mybinder.org/v2/gh/qttt-edu/qttt-edu/HEAD?labpath=notebooks/i18n/07_metaphor_and_physics.fi.ipynb) (toimii selaimessa, mitään ei tarvitse asentaa).

**Tämän muistikirjan jälkeen osaat**

- kertoa, mikä pelin ensemble on (klassinen todennäköisyysjakauma laudoille), ja siis mitä peli voi näyttää kvanttimekaniikasta ja mitä ei;
- pelata muunnelmaa, jossa jokaisen romahduksen ratkaisee sattuma eikä pelaaja, ja kertoa, mikä muuttuu ja kuinka varma olet siitä;
- kertoa vektorin matriisilla ja käyttää sitä kubittien simulointiin NumPyllä: Bornin sääntö, amplitudit ja interferenssi;
- tehdä CHSH-kokeen: verrata sitä, mitä lomittuneet kubitit antavat, siihen, mitä mikä tahansa ennalta sovittujen vastausten (tai lautojen) luettelo voi antaa;
- näyttää, ettei Bobin mittaustavan valinta muuta Alicen tuloksia (no-signalling, viestinnän mahdottomuus), ja miksi pelin valitsija on eri asia.

**Ennen kuin aloitat:** muistikirjat [01](01_superposition.fi.ipynb)–[03](03_measurement_and_collapse.fi.ipynb). Luvuissa 4–6 tarvitaan vähän algebraa: luku 4 opettaa sen ainoan matriisilaskennan palan, jota niissä tarvitaan. Kompleksilukuja ei tarvita.

**Aika:** noin 65 minuuttia, kaksi oppituntia: luvut 1–4 (noin 35 minuuttia), sitten 5–7 (tehtävät mukaan lukien). Jos käytössä on vain yksi oppitunti, lopeta luvun 4 jälkeen ja lue luku 7.
""",
    "c75b126833": f"""
## 1. Mitä peli näyttää

Allan Goff rakensi pelin niin, että sen siirrot *käyttäytyvät kuin* kvanttiajatukset (A. Goff, “Quantum tic-tac-toe: A teaching metaphor for superposition in quantum mechanics”, *Am. J. Phys.* **74**, 962–973 (2006), doi:10.1119/1.2213635).
Se antaa jokaiselle ajatukselle kuvan, jolla voi leikkiä:

| kvanttiajatus | sen kuva pelissä |
|---|---|
| **superpositio**: systeemi useassa tilassa yhtä aikaa, kunnes se mitataan | aavemerkkipari: yksi merkki kirjoitettuna kahteen ruutuun ([aavemerkki]({G}#spooky-mark)) |
| **lomittuminen**: yhteinen tila, joka ei ole erillisten tilojen tulo | ruutuja jakavat merkit: osa yhdistelmistä on suljettu pois, eikä ketti jakaudu tekijöihin ([lomittuminen]({G}#entanglement)) |
| **mittaus**: yksi määrätty lopputulos, muut mahdollisuudet poissa | [romahdus]({G}#collapse): koko ryhmälle yksi klassinen lauta |
| **epälokaalit korrelaatiot**: lomittuneet osat ratkeavat yhdessä, olivatpa ne kuinka kaukana tahansa | romahdus ratkaisee kaukana toisistaan olevien ruutujen merkit kerralla |
| mahdollisuuksien **ensemble** | [todellisuuksien]({G}#reality) [ensemble]({G}#ensemble): kaikki vielä mahdolliset klassiset laudat |

## 2. Mikä pelin ensemble on ja mitä se ei pysty erottamaan

Katsotaan ensembleä suoraan. Se on luettelo tavallisia lautoja, joilla kaikilla on sama
todennäköisyys: **klassinen todennäköisyysjakauma**, samanlainen kuin sekoitetulla korttipakalla.
Kun merkit jakavat ruudun tai silmukka romahtaa, lautoja poistetaan luettelosta,
ja jäljelle jääneet jakavat todennäköisyyden tasan: se on tavallista **ehdollistamista**, samaa, mitä teet,
kun saat tietää, ettei kortti ole ässä.

Siksi mikään pelissä ei pysty erottamaan superpositiota pelkästä **tietämättömyydestä** (merkki on
yhdessä ruudussa, emme vain tiedä missä) eikä lomittumista tavallisesta
**korrelaatiosta** (punainen ja musta kortti suljettuina kahteen kirjekuoreen: avaa toinen, niin
tiedät toisen). Yllä olevan taulukon kuvat pätevät kumpaankin. Se, mikä tekee
kvanttimekaniikasta erilaisen, ei näy pelissä lainkaan:

| | kvanttimekaniikka | kvanttiristinolla |
|---|---|---|
| painot | jokaisella mahdollisuudella on **amplitudi**; todennäköisyydet ovat niiden neliöitä (Bornin sääntö), eikä niiden tarvitse olla yhtä suuria | jokainen todellisuus lasketaan samanarvoiseksi (Goffin yhtä suuret painot) |
| etumerkit (vaiheet) ja interferenssi | amplitudeilla on etumerkit, joten kaksi reittiä samaan lopputulokseen voi vahvistaa toisiaan tai **kumota** toisensa | todellisuudet vain summautuvat; mikään ei koskaan kumoudu |
| korrelaatiot | lomittuneet kubitit antavat korrelaatioita, joita **mikään ennalta sovittujen lopputulosten luettelo** ei voi antaa (luku 6) | lautojen luettelo on juuri tällainen luettelo |
| kuka valitsee lopputuloksen | **ei kukaan**: se on satunnainen, todennäköisyydet Bornin säännöstä | **pelaaja**, tarkoituksella (valitsija) |
| viestien lähettäminen | mahdotonta pelkällä lomittumisella (**no-signalling**, luku 5) | valitsijan päätös kiinnittää merkit missä tahansa ryhmän ruudussa |
| milloin se tapahtuu | kun systeemi on vuorovaikutuksessa mittalaitteen kanssa | kun silmukka sulkeutuu |

Seuraavat luvut tekevät nämä rivit konkreettisiksi yksi kerrallaan.

## 3. Sattuma valinnan sijaan

Goff itse ehdottaa muunnelmaa, jossa jokainen romahdus ratkaistaan satunnaisesti. Kuvassa 4
(`1-2 2-5 1-5`) X3 on sulkenut silmukan; valitsijan sijaan heitetään kolikkoa:
""",
    "26b06a3ced": """
### Tehtävä 07-1

Millä todennäköisyydellä X3 päätyy kuvassa 4 ruutuun 1, kun pelataan satunnaista muunnelmaa?
""",
    "87ab7f65f7": stuck("07-1"),
    "10447f0e2c": """
Kolikko muuttaa peliä enemmän kuin voisi luulla. Nyrkkisääntöpelaaja tekee romahdusvalintansa
voittaakseen; kolikon kanssa näitä valintoja ei ole. Alla *kolikkoromahdus*-kääre
säilyttää pelaajan siirrot mutta heittää kolikkoa jokaisessa romahduksessa. Kaksi nyrkkisääntöpelaajaa
kohtaa 500 kertaa kummassakin pelin versiossa.
""",
    "457160f364": """
500 pelin tulos ei ole tarkka: jos pelaat toiset 500, osuudet muuttuvat hieman.
*n* pelissä havaittu osuus heittelee todellisen todennäköisyyden *p* ympärillä noin
√(*p*(1 − *p*)/*n*):n verran, joten **95 %:n luottamusväli**, osuus ± 2√(osuus × (1 −
osuus)/*n*), kertoo ne todennäköisyydet, jotka sopivat havaintoihimme. Kun versioiden välit
eivät mene päällekkäin, ero ei ole tuuria; kun ne menevät päällekkäin, nämä
pelit eivät pysty ratkaisemaan asiaa.
""",
    "b504912516": predict(
        "Voittaako X, joka aloittaa, *harvemmin*, kun kolikko ratkaisee jokaisen romahduksen?"
    ),
    "1c1da6e2ff": """
X:n osuus ei muutu: X:n kaksi väliä menevät päällekkäin, joten nämä pelit eivät näytä
siinä eroa. Muutos näkyy siinä, miten päättyvät ne pelit, joita X ei voita: kolikon kanssa
**O voittaa useammin ja tasapelit harvinaistuvat** (näiden välit eivät mene päällekkäin).
Valitsija pystyy usein ohjaamaan romahduksen pois vastustajan suoralta ja tasapeliin;
kolikko ei pysty. Kolikon kanssa silmukan sulkeminen ei enää ole kysymyksen esittämistä
vastustajalle: se on veto, ja strategia muuttuu muodosta ”älä koskaan tarjoa voittavaa valintaa”
muotoon ”tarjoa vain hyviä mahdollisuuksia”.

Satunnainen muunnelma on yhdessä suhteessa lähempänä fysiikkaa (lopputulokset ovat satunnaisia) ja
toisessa täsmälleen yhtä kaukana: kolikko on reilu, 50:50, kun taas todellinen mittaus noudattaa
Bornin sääntöä, eikä sen painojen tarvitse olla yhtä suuria. Mistä nuo painot tulevat?

## 4. Todellinen kaksitilainen systeemi NumPyllä

### Matriisi kertaa vektori

Tässä ja seuraavassa luvussa tarvitaan yksi laskutoimitus. **Vektori** on luettelo
lukuja, kuten (3, 4). **Matriisi** on lukutaulukko. Matriisi kertaa vektori
antaa uuden vektorin: sen jokainen alkio saadaan kertomalla matriisin yksi **rivi** vektorilla alkio
kerrallaan ja laskemalla tulot yhteen:

```
| 1  2 |   | 3 |   | 1·3 + 2·4 |   | 11 |
| 0 -1 | · | 4 | = | 0·3 − 1·4 | = | -4 |
```

NumPy kirjoittaa vektorit ja matriisit taulukkoina (array) ja tulon merkillä `@`:
""",
    "0f6bf8a924": """
Kokeile toista vektoria vektorin (3, 4) tilalla, laske tulo ensin käsin ja suorita sitten
solu uudelleen.

### Amplitudit ja Bornin sääntö

*Kubitilla* (fotonin polarisaatio, elektronin spin) on kaksi perustilaa, joita merkitään
|0⟩ ja |1⟩. Sen tila on kahden **amplitudin** vektori (a, b), joka tarkoittaa
a|0⟩ + b|1⟩, missä a² + b² = 1. (Yleisesti amplitudit ovat kompleksilukuja, ja säännössä
käytetään niiden itseisarvoja |a|² ja |b|²; tämän muistikirjan reaaliluvut riittävät
kaikkeen, mitä se näyttää.) Kubitin mittaus antaa tuloksen 0 todennäköisyydellä a² ja tuloksen 1
todennäköisyydellä b²: tämä on **Bornin sääntö**. Kukaan ei valitse; lopputulos on satunnainen.

Tässä tilassa perustilan |0⟩ amplitudi on 1/√3:
""",
    "6f22530ccd": """
### Tehtävä 07-2

Kun tämä kubitti mitataan, millä todennäköisyydellä tulos on 0?
""",
    "dbef6ae09a": stuck("07-2"),
    "36f941e470": """
Mitataan 10 000 samalla tavalla valmistettua kubittia. `rng.choice(2, size=shots, p=...)` arpoo
jokaiselle mittaukselle tuloksen 0 tai 1 todennäköisyyksillä `p`: Bornin sääntö mittaus
kerrallaan. Määrät lähestyvät todennäköisyyksiä.
""",
    "56cce6b39d": """
Erisuuret painot (noin 1/3 ja 2/3) yhdestä superpositiosta: Goffin ensemble voisi
antaa yhdelle kahden ruudun merkille vain 1/2 ja 1/2.

### Interferenssi: mitä peli ei pysty tekemään

Kvanttitiloja voi *kääntää* kertomalla ne matriisilla. Hadamard-portti H
vie tilan |0⟩ = (1, 0) yhtä painavaan superpositioon (|0⟩ + |1⟩)/√2 ja tilan |1⟩ = (0, 1) tilaan
(|0⟩ − |1⟩)/√2: huomaa **miinusmerkki**. Sovella H:ta tilaan |0⟩ ja mittaa: 50:50, kuten
aavemerkki kahdessa ruudussa.
""",
    "313a9ae190": """
### Tehtävä 07-3

Sovella nyt H:ta **kahdesti** tilaan |0⟩ ja mittaa. Millä todennäköisyydellä tulos on 0?
Laske H kertaa vektori (1/√2, 1/√2) käsin, etumerkit mukaan lukien, ennen kuin suoritat
seuraavan solun.
""",
    "f302eebc04": stuck("07-3"),
    "21683b19f7": """
Kahden H-portin jälkeen tilaan |1⟩ johtaa kaksi reittiä, amplitudeilla +1/2 ja −1/2: ne **kumoavat**
toisensa. Kaksi reittiä tilaan |0⟩ summautuvat arvoon 1. Tämä on **interferenssi**, ja se on
kvanttikäyttäytymisen ydin (kaksoisrakokoe toimii samalla tavalla). Jos säilytetään vain todennäköisyydet,
kuten pelin yhtä painavat todellisuudet tekevät, jokainen askel sekoittaa eikä mikään koskaan kumoudu: 50:50
ikuisesti. Goffin pelissä ei ole etumerkkejä, joten siinä ei ole interferenssiä.

## 5. Kaksi kubittia: korreloituneita, mutta ei viestiä

Kahdella kubitilla, toinen Alicella ja toinen Bobilla, on neljä perustilaa 00, 01, 10 ja 11,
joten niiden tila on neljän amplitudin vektori. Lomittunut tila (|00⟩ + |11⟩)/√2
on `[1, 0, 0, 1] / √2`.

Kumpikin voi valita, **miten** mittaa: kulmassa θ (ajattele polarisaatiosuodattimen
kääntämistä). Mittaus kulmassa θ tarkoittaa, että kubittia käännetään alla olevalla matriisilla
`turn(θ)` ja luetaan sitten 0 tai 1. `np.kron(A, B)` rakentaa 4 × 4 -matriisin, joka
soveltaa A:ta Alicen kubittiin ja B:tä Bobin kubittiin samaan aikaan. Sitten Bornin sääntö antaa
neljän tulosparin todennäköisyydet.
""",
    "78f59cb3d9": """
Samassa kulmassa mitattuina kaksi tulosta ovat aina samat (00 tai 11, kumpikin puolet
ajasta), olivatpa Alice ja Bob kuinka kaukana toisistaan tahansa. Kaksi kirjekuorta, joissa on samanlaiset kortit,
tekisi saman. Nyt kysymys, jolla on merkitystä viestien lähettämisen kannalta: voiko **Bob**
kulmansa valinnalla muuttaa sitä, mitä **Alice** näkee?

Bob yrittää. Hän haluaa lähettää viestin bitit: bitille 0 hän mittaa kulmassa 0°, bitille
1 kulmassa 45°. Alice mittaa aina kulmassa 0° ja laskee saamansa ykköset erikseen niille
mittauksille, joissa Bob lähetti 0:n, ja niille, joissa hän lähetti 1:n (hän voi lajitella ne vasta myöhemmin, kun Bob
kertoo hänelle listansa tavallista tietä).
""",
    "05af8aa487": predict(
        "Onko Alicen ykkösten osuus erilainen, kun Bob valitsee kulman 45° kulman 0° sijaan?"
    ),
    "724c5920c7": """
Valitsipa Bob mitä tahansa, Alice näkee reilun kolikon: teoriassa täsmälleen 1/2, ja kokeessa välit
menevät päällekkäin. Bobin valinta muuttaa heidän tulostensa välistä **korrelaatiota**
(joka näkyy vasta, kun he vertaavat listojaan), ei koskaan Alicen omia
tilastoja. Kukaan ei voi valita lopputulosta, joten viesti ei mene perille: tämä on
**no-signalling**-periaate (viestinnän mahdottomuus).

Pelissä valitsija *todella* valitsee lopputuloksen, ja valinta kiinnittää merkit ryhmän
jokaiseen ruutuun kerralla. Jos ruudut olisivat kaukana toisistaan olevia laboratorioita,
valitsija voisi lähettää viestin romahduksen kautta. Luonnon mittaukset ovat nopanheittoja,
joita kukaan ei hallitse.

## 6. Testi lautaluetteloille: CHSH-koe

Luvun 5 yhteneväiset tulokset voisivat tulla etukäteen valmistelluista kirjekuorista. Vuonna 1969
Clauser, Horne, Shimony ja Holt (CHSH) keksivät testin, jota mikään tällainen valmistelu ei läpäise
(J. F. Clauser, M. A. Horne, A. Shimony, R. A. Holt, *Phys. Rev. Lett.* **23**,
880 (1969)). Alice mittaa toisessa kahdesta kulmasta, *a* tai *a′*; Bob kulmassa *b* tai *b′*.
Lasketaan jokainen tulos arvoksi +1 tai −1, ja olkoon E tulon (Alicen tulos × Bobin
tulos) keskiarvo yhdellä kulmaparilla: +1, jos tulokset ovat aina samat, −1, jos ne ovat aina eri.
Muodostetaan sitten

> S = E(*a*, *b*) + E(*a*, *b′*) + E(*a′*, *b*) − E(*a′*, *b′*).

**Etukäteen laadittu luettelo.** Oletetaan, että jokaisella kubittiparilla olisi lappu, jossa
lukee, mitä kussakin kulmassa vastataan, kuin kirjekuoressa tai kuin lauta pelin ensemblessä.
Alla oleva solu kokeilee jokaista mahdollista lappua: Alicen vastaukset kulmiin *a* ja *a′*, Bobin kulmiin
*b* ja *b′*.
""",
    "105d7c38b1": predict(
        "Mikä on suurin S, jonka mikään lappu tai lappujen sekoitus voi antaa?"
    ),
    "d8b661c21e": """
Jokainen yksittäinen lappu antaa S = +2 tai −2 (kirjoita S = A(B + B′) + A′(B − B′): toinen sulkulauseke on
0 ja toinen ±2). Lappujen sekoitus, mikä tahansa niiden todennäköisyysjakauma, kuten
pelin ensemble laudoille, antaa tällaisten arvojen keskiarvon, joten se ei voi koskaan
ylittää lukua 2. Tämä on **Bellin epäyhtälö**: |S| ≤ 2 kaikille etukäteen kiinnitetyille vastauksille, kun asetukset valitaan niistä riippumatta.

**Lomittuneet kubitit.** Mitataan nyt pari (|00⟩ + |11⟩)/√2 kulmissa
*a* = 0°, *a′* = 45°, *b* = 22,5°, *b′* = −22,5°, ja lasketaan E tarkasti funktiolla `joint`
sekä 10 000 simuloidusta mittauksesta kutakin kulmaparia kohti.
""",
    "afc2965999": predict("Minkä S:n arvon lomittuneet kubitit antavat?"),
    "f5d6143a0e": """
S = 2√2 ≈ 2,83, selvästi yli klassisen rajan 2 (myös simuloitu väli pysyy luvun 2
yläpuolella), ja 2√2 on suurin, minkä kvanttimekaniikka sallii (B. S. Cirel'son, *Lett. Math.
Phys.* **4**, 93 (1980)). Mikään ennalta sovittujen vastausten luettelo, mikään lautojen ensemble, ei pysty
siihen. Kokeet todellisilla fotoneilla, elektroneilla ja atomeilla antavat arvoja yli 2:n, myös
”porsaanreiättömissä” (loophole-free) testeissä (esim. B. Hensen et al., *Nature* **526**, 682 (2015)); vuoden
2022 fysiikan Nobel-palkinto myönnettiin Alain Aspectille, John Clauserille ja Anton Zeilingerille
tällaisista kokeista. Ja silti, kuten luku 5 näytti,
Alice yksinään näkee yhä reilun kolikon: vahva korrelaatio, ei viestiä.

Kvanttiristinolla pysyy, kuten mikä tahansa satunnaisesti pelattu lautaluettelo, 2:ssa tai sen alapuolella. Se on selvin raja vertauskuvan ja fysiikan välillä.
""",
    "4a5ef0bb19": """
### Tehtävän 07-4 väitteet

Mitkä näistä väitteistä pätevät **kvanttiristinollaan sellaisena kuin tämä materiaali sitä pelaa**?

- **A.** Pelin ensemblessä jokainen klassinen lauta lasketaan samanarvoiseksi.
- **B.** Pelin kaksi todellisuutta voivat kumota toisensa, kuten amplitudit
  interferenssissä.
- **C.** Sattuma ratkaisee, miten silmukka romahtaa.
- **D.** Laudalla kaukana toisistaan olevissa ruuduissa olevat merkit voivat olla lomittuneita.
""",
    "5385eac9c1": """
### Tehtävä 07-4

Anna kaikkien pätevien väitteiden kirjaimet, esim. `"B, C"`.
""",
    "91eb661b2f": stuck("07-4"),
    "d70a19afef": """
## 7. Mihin peli sitten kelpaa?

Vertauskuva on työkalu, jolla on oma käyttöalueensa. Kvanttiristinolla antaa kvanttimekaniikan
**sanastolle ja kirjanpidolle** muodon, jolla voi leikkiä: luettelo mahdollisuuksia
yhden tosiasian sijaan, mahdollisuuksia, jotka suljetaan pois systeemien vuorovaikuttaessa, kokonainen ryhmä,
joka ratkeaa yhdellä mittauksella, ja kaiken tämän laskeminen. Se ei pysty näyttämään sitä,
mikä tekee näistä ajatuksista *kvanttimekaanisia*: etumerkillisiä amplitudeja, jotka interferoivat, korrelaatioita,
joihin mikään luettelo ei yllä (CHSH), ja lopputuloksia, joita kukaan ei hallitse. Pelin ”superpositio” voisi
yhtä hyvin olla tietämättömyyttä ja sen ”lomittuminen” kaksi suljettua kirjekuorta. Nyt tiedät
tarkalleen, missä tuo raja kulkee, ja juuri sen olet oppinut.
""",
    "c384a6b613": """
## Yhteenveto

- Pelin ensemble on klassinen todennäköisyysjakauma laudoille; lautojen poissulkeminen on tavallista ehdollistamista. Siksi peli ei pysty erottamaan superpositiota tietämättömyydestä eikä lomittumista klassisesta korrelaatiosta: se kuvaa ajatuksia, ei fysiikkaa.
- Kun valitsijan tilalla on kolikko, pelit päättyvät eri tavalla; simulaatioista tehdyt väitteet tarvitsevat riittävästi pelejä ja epävarmuuden arvion (95 %:n luottamusvälit).
- Todelliset mittaukset noudattavat Bornin sääntöä: todennäköisyys = amplitudi²; amplitudit voivat kumota toisensa (interferenssi), todennäköisyydet eivät.
- Bobin mittaustavan valinta ei muuta Alicen tilastoja (no-signalling); pelin valitsija voisi lähettää viestin, koska pelaaja valitsee lopputuloksen.
- CHSH: etukäteen kiinnitetyillä vastauksilla ja lomittuneilla kubiteilla on S:lle eri rajat, selvin raja vertauskuvan ja fysiikan välillä.

## Mitä seuraavaksi

Olet polun lopussa. Palaa muistikirjaan [00 · Aloita tästä](00_start_here.fi.ipynb) ja pelaa uusin silmin peli täydellistä pelaajaa vastaan, kokeile satunnaisen romahduksen muunnelmaa kaverin ja kolikon kanssa tai lue Goffin artikkeli, jossa käsitellään paljon useampia ajatuksia (interferenssi, dekoherenssi, monien maailmojen tulkinta) kuin tähän mahtuu.
""",
}
