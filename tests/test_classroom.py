"""The classroom: statistics beside random play, exports, the dashboard, the command."""

from __future__ import annotations

import concurrent.futures
import csv
import gzip
import html
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
import segno

from qttt_edu import Game
from qttt_edu.__main__ import main as cli_main
from qttt_edu.classroom.cli import build_command
from qttt_edu.classroom.dashboard import BROOM_SAYS, Dashboard
from qttt_edu.classroom.stats import (
    chooser_choices,
    export_csv,
    export_json,
    game_statistics,
    random_play_statistics,
)
from qttt_edu.i18n import t_in
from qttt_edu.rooms import AWAY_AFTER, BadCodeError, RoomError, RoomStore, UnknownRoomError
from tests import rooms_support
from tests.pg import free_port
from tests.rooms_support import CLASS_KEY, TEACHER, raw_sql

store_url = rooms_support.store_url  # fixtures: a store's address and a real rooms service
service = rooms_support.service

WON = "3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5"


def test_the_chooser_statistic_compares_the_two_collapses_scores() -> None:
    # O chooses where X9 lands: c5 gives X 1 and O 1/2 (both lines), c8 gives O nothing.
    assert chooser_choices(Game.from_record(WON)) == [(False, False), (True, True)]
    wrong = Game.from_record(WON.replace("c5", "c8"))
    assert chooser_choices(wrong)[-1] == (True, False)


def test_class_statistics_count_finished_games_only() -> None:
    stats = game_statistics([WON, "1-2 1-2 c1", WON.replace("c5", "c8")])
    assert (stats.games, stats.finished, stats.x_wins, stats.o_wins, stats.draws) == (3, 2, 2, 0, 0)
    assert stats.collapses_per_game == 2.0 and stats.plies_per_game == 11.0
    assert (stats.decisive_collapses, stats.chooser_helped) == (2, 1)


def test_random_play_is_the_baseline_a_class_is_compared_with() -> None:
    base = random_play_statistics(400, seed=3)
    assert base.finished == 400 == base.x_wins + base.o_wins + base.draws
    assert base.x_wins > base.o_wins  # X moves first and makes five of the nine marks
    assert 0.35 < base.chooser_helped_rate < 0.65  # a random chooser is right about half the time


def test_exports_hold_every_record_and_never_a_formula(tmp_path: Path) -> None:
    store = RoomStore(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    x = store.create_room(nickname="=HYPERLINK(1)")
    o = store.join(x.code, nickname="Bo")
    seats = {"X": x, "O": o}
    for token in WON.split():
        store.act(x.code, seats[store.room(x.code).to_act].credential, token)
    rooms = store.list_rooms().rooms
    rows = list(csv.DictReader(io.StringIO(export_csv(rooms))))
    assert rows[0]["record"] == WON and rows[0]["result"] == "X" and rows[0]["collapses"] == "2"
    assert rows[0]["x"] == "'=HYPERLINK(1)" and rows[0]["o"] == "Bo"
    # times as a spreadsheet and a teacher read them: this computer's local time
    local = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(rooms[0].finished_at))
    assert rows[0]["finished_at"] == local
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", rows[0]["created_at"])
    data = json.loads(export_json(rooms))
    assert data[0]["record"] == WON and Game.from_record(data[0]["record"]).is_over
    assert "hash" not in json.dumps(data)
    store.close()


def test_the_dashboard_shows_every_game_escaped_and_live(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    store = RoomStore(url)
    x = store.create_room(nickname="<b>Ada</b>", class_name="7B")
    store.create_room(class_name="8A")
    board = Dashboard(RoomStore(url), class_name="7B", refresh=0, baseline_games=200)
    assert x.label in board.cards.value
    assert "&lt;b&gt;Ada&lt;/b&gt;" in board.cards.value and "<b>Ada" not in board.cards.value
    assert board.cards.value.count('class="qttt-card"') == 1  # only class 7B
    assert "X to play" in board.cards.value
    assert board.update() is False  # nothing changed, nothing redrawn
    o = store.join(x.code, nickname="Bo")
    seats = {"X": x, "O": o}
    for token in WON.split():
        store.act(x.code, seats[store.room(x.code).to_act].credential, token)
    assert board.update() is True
    assert "X won" in board.cards.value
    assert "<td style='text-align:right'>1</td>" in board.stats.value  # one game finished
    assert board.shown == x.code  # the only game: shown large from the start
    # Large: the app's own board, read-only, with the graph and the realities of the game.
    large = board.large_board.view
    assert board.large_board.readonly and large["record"] == WON
    assert large["outcome"]["winner"] == "X" and large["graph"]["nodes"]
    assert large["realities"]["decided"] is True
    assert "Ada" in board.large.value and "X won" in board.large.value
    board.large_board.send_action({"type": "square", "square": 9})  # a click does nothing
    assert board.large_board.view["record"] == WON and store.room(x.code).record == WON
    assert "qttt-games.csv" in board.downloads.value
    board.clear.click()  # the first click only asks
    assert len(store.list_rooms("7B").rooms) == 1 and "Click again" in board.clear.description
    board.clear.click()
    assert store.list_rooms("7B").rooms == []
    store.close()


@pytest.mark.parametrize("store_url", ["sqlite"], indirect=True)
def test_clear_abandoned_deletes_exactly_the_abandoned_games_for_the_teacher_only(
    store_url: str, service: Any
) -> None:
    """R7: the dashboard's second broom, through the rooms service as the classroom
    command runs it: the teacher's key deletes the class's unfinished games in which
    nothing happened for 30 minutes, and those their players left (a room that ended
    without a result filled the projector's strip for half an hour); a student's class
    key deletes nothing."""
    from qttt_edu.rooms.remote import ServiceClient

    store = RoomStore(store_url)
    live = store.create_room(nickname="Ada", class_name="7B")
    store.join(live.code, nickname="Bo")
    done = store.create_room(nickname="Cy", class_name="7B")
    seats = {"X": done, "O": store.join(done.code, nickname="Di")}
    for token in WON.split():
        store.act(done.code, seats[store.room(done.code).to_act].credential, token)
    abandoned = store.create_room(nickname="Ed", class_name="7B")
    elsewhere = store.create_room(nickname="Fa", class_name="8C")  # abandoned, another class
    left = store.create_room(nickname="Gu", class_name="7B")  # a minute old, but left:
    store.leave(left.code, left.credential)  # it ended without a result (expired)
    store.close()
    now = time.time()
    ages = {live.code: 20 * 60, done.code: 40 * 60, abandoned.code: 31 * 60, elsewhere.code: 3600}
    ages[left.code] = 60
    for code, age in ages.items():
        raw_sql(store_url, "UPDATE qttt_rooms SET updated_at = ? WHERE code = ?", (now - age, code))

    def stored() -> set[str]:
        return {row[0] for row in raw_sql(store_url, "SELECT code FROM qttt_rooms")}

    everything = stored()
    # a student's key: refused by the service, said on the page, nothing deleted
    student = Dashboard(
        ServiceClient(service.url, class_key=CLASS_KEY),
        class_name="7B",
        refresh=0,
        baseline_games=50,
    )
    with pytest.raises(RoomError):
        student.store.clear_abandoned("7B")
    # (a student's key lists no games, so its broom finds nothing to ask about)
    student.clear_abandoned.click()
    student.clear_abandoned.click()
    said = student.clear_abandoned.description  # on the broom, where the teacher looks
    assert "no abandoned games to clear" in said and stored() == everything
    # the teacher's key: the first click asks, the second deletes the one abandoned game
    teacher = Dashboard(
        ServiceClient(service.url, teacher_secret=TEACHER),
        class_name="7B",
        refresh=0,
        baseline_games=50,
    )
    assert len(teacher.listing.rooms) == 4 and teacher.abandoned() == 2
    teacher.clear_abandoned.click()
    assert (
        "delete 2 unfinished games: left by the players, never joined by an opponent, "
        "or with nothing happening for 30" in (teacher.clear_abandoned.description)
    )
    assert stored() == everything
    teacher.clear.click()  # the other broom asks instead: the first is disarmed
    assert teacher.clear_abandoned.description == "Clear abandoned games"
    teacher.clear_abandoned.click()
    teacher.clear_abandoned.click()
    assert stored() == everything - {abandoned.code, left.code}
    assert {room.code for room in teacher.listing.rooms} == {live.code, done.code}
    assert teacher.clear_abandoned.description == "Clear abandoned games"
    # none left: the broom says so on itself and asks nothing ("delete 0 games?" was the
    # old answer); what a broom says stays for BROOM_SAYS seconds, then it is a broom again
    teacher.clear_abandoned.click()
    assert teacher.clear_abandoned.description == "There are no abandoned games to clear."
    assert stored() == everything - {abandoned.code, left.code}
    teacher.update()
    assert teacher.clear_abandoned.description == "There are no abandoned games to clear."
    teacher.said_at = time.monotonic() - BROOM_SAYS  # (as if the seconds had passed)
    teacher.update()
    assert teacher.clear_abandoned.description == "Clear abandoned games"


def test_a_move_redraws_its_own_card_and_the_statistics_wait_for_a_finished_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R7: thirty games on the projector, one moves: one card is built again, not thirty,
    and the statistics only when a game finishes."""
    import qttt_edu.classroom.dashboard as dashboard

    url = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    store = RoomStore(url)
    tickets = [store.create_room(nickname=f"P{i}", class_name="7B") for i in range(6)]
    board = Dashboard(RoomStore(url), class_name="7B", refresh=0, baseline_games=50)
    board.show(tickets[0].code)  # a picked card: the large game no longer follows the moves
    built: list[str] = []
    counted: list[int] = []
    card_html, game_statistics = dashboard.card_html, dashboard.game_statistics
    monkeypatch.setattr(
        dashboard, "card_html", lambda room, **kw: built.append(room.code) or card_html(room, **kw)
    )
    monkeypatch.setattr(
        dashboard, "game_statistics", lambda records: counted.append(1) or game_statistics(records)
    )
    game = tickets[3]
    seats = {"X": game, "O": store.join(game.code, nickname="Bo")}
    before = board.cards.value
    assert board.update() is True
    assert built == [game.code] and counted == []  # its card only; nobody finished
    assert board.cards.value.count('class="qttt-card"') == 6 and board.cards.value != before
    for token in WON.split():
        store.act(game.code, seats[store.room(game.code).to_act].credential, token)
    built.clear()
    assert board.update() is True
    assert built == [game.code] and counted == [1]  # a game finished: the statistics too
    assert "<td style='text-align:right'>1</td>" in board.stats.value
    assert board.update() is False and built == [game.code] and counted == [1]
    store.close()


def test_the_dashboard_reads_less_while_nothing_moves_and_sets_widgets_on_the_kernels_loop(
    tmp_path: Path,
) -> None:
    """R7: an idle class is read 1, 2, 4, 5, 5... refreshes apart, the read that sees a
    change comes back to every refresh, and the widgets are set on the kernel's loop
    (ipywidgets' thread), never on the reading thread."""
    import asyncio
    import threading

    import tornado.ioloop

    from qttt_edu.classroom.dashboard import next_wait

    assert [next_wait(w, False, 1.0) for w in (1.0, 2.0, 4.0, 5.0)] == [2.0, 4.0, 5.0, 5.0]
    assert next_wait(5.0, True, 1.0) == 1.0
    ready, box = threading.Event(), {}

    def kernel() -> None:  # stands for the kernel's own loop thread
        asyncio.set_event_loop(asyncio.new_event_loop())
        box["loop"] = tornado.ioloop.IOLoop.current()
        ready.set()
        box["loop"].start()

    threading.Thread(target=kernel, name="kernel-loop", daemon=True).start()
    ready.wait(5)
    url = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    store = RoomStore(url)
    x = store.create_room(nickname="Ada", class_name="7B")
    reads: list[float] = []
    watched = RoomStore(url)
    list_rooms = watched.list_rooms
    watched.list_rooms = lambda name=None: reads.append(time.monotonic()) or list_rooms(name)  # type: ignore[method-assign]
    board = Dashboard(watched, class_name="7B", refresh=0, baseline_games=50)
    board._kernel_loop = box["loop"]
    setters: list[str] = []
    board.cards.observe(lambda _change: setters.append(threading.current_thread().name), "value")
    board._thread = threading.Thread(target=board._loop, args=(0.1,), daemon=True)
    start = time.monotonic()
    board._thread.start()
    time.sleep(1.5)
    idle = [r for r in reads if r > start]
    assert 2 <= len(idle) <= 7, idle  # 0.1, 0.2, 0.4, 0.5 s apart: not 15 reads
    joined = time.monotonic()
    store.join(x.code, nickname="Bo")
    time.sleep(0.9)
    assert setters == ["kernel-loop"]  # the join redrew the card, on the kernel's loop
    after = [r for r in reads if r > joined]
    assert after[1] - after[0] < 0.3  # back to every 0.1 s after the change (not 0.5)
    board.close()
    box["loop"].add_callback(box["loop"].stop)
    store.close()


def test_the_classroom_command_names_its_file_token_and_culling(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = tmp_path / "7b.sqlite3"
    code = cli_main(
        [
            *("classroom", "--file", str(games), "--token", "SECRET2345"),
            *("--address", "10.9.8.7", "--dry-run"),
        ]
    )
    out = capsys.readouterr().out
    assert code == 0 and not games.exists()  # a dry run creates no games file
    assert f"Games would be kept in {games}" in out
    student = "http://10.9.8.7:8866/voila/render/app.ipynb?token=SECRET2345"
    assert f"Students open: {student}" in out
    # the dashboard: this computer only, and a password of its own
    teacher = re.search(r"Teacher's dashboard: (\S+)", out)
    assert teacher and teacher[1].startswith("http://127.0.0.1:")
    assert "SECRET2345" not in teacher[1] and "token=" in teacher[1]
    assert "--MappingKernelManager.cull_idle_timeout=600" in out
    assert "--MappingKernelManager.cull_connected=False" in out
    assert "--VoilaExecutor.iopub_timeout=120" in out
    assert "--VoilaConfiguration.template=qttt" in out
    assert "--VoilaConfiguration.preheat_kernel=False" in out
    # the QR code carries the printed address, exactly
    qr = io.StringIO()
    segno.make(student, error="m").terminal(qr, compact=True)
    assert qr.getvalue() in out


BAD_INPUTS = [
    (("--class", "K" * 80), "a class name is text of at most 64 characters"),
    (("--class", "7B\nrm -rf"), "no control characters"),
    (("--token", "a&b c#d"), "cannot be the class password"),
    (("--token", "SHORT12"), "at least 8 characters"),
    (("--token", "hæmmelig-kode"), "a letter A–Z or a–z, a digit 0–9 or a hyphen"),
]


def _refused(folder: Path, argv: list[str], capsys: pytest.CaptureFixture[str]) -> str | None:
    """Why the command refused ``argv`` (its message), or ``None`` when it did not refuse
    with status 2 and leave ``folder`` untouched: the checker the tests below use."""
    before = sorted(folder.iterdir())
    games = folder / "7b.sqlite3"
    code = cli_main(["classroom", "--file", str(games), "--address", "10.9.8.7", *argv])
    captured = capsys.readouterr()
    if code != 2 or sorted(folder.iterdir()) != before or captured.out:
        return None
    return captured.err


@pytest.mark.parametrize(("argv", "says"), BAD_INPUTS)
def test_a_bad_class_name_or_password_is_refused_with_why_and_nothing_changes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, str], says: str
) -> None:
    for extra in ([], ["--dry-run"]):  # refused before anything starts, dry run or not
        err = _refused(tmp_path, [*argv, *extra], capsys)
        assert err is not None and says in " ".join(err.split()), err
        assert "Nothing was started or changed." in " ".join(err.split())
    assert list(tmp_path.iterdir()) == []


def test_the_refusal_is_in_the_teachers_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _refused(tmp_path, ["--lang", "fi", "--token", "abc"], capsys)
    assert err is not None and "ei kelpaa luokan salasanaksi" in " ".join(err.split())
    err = _refused(tmp_path, ["--lang", "it", "--class", "K" * 65], capsys)
    assert err is not None and "al massimo 64 caratteri" in " ".join(err.split())


@pytest.mark.parametrize(
    "planted",
    [
        ("check_class_name", lambda name: name),  # the class name's check removed
        ("_TOKEN_CHARS", frozenset(map(chr, range(32, 0x3000)))),  # any character let through
        ("TOKEN_MIN", 1),  # a password of one letter let through
    ],
)
def test_the_input_checks_catch_a_planted_fault(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    planted: tuple[str, Any],
) -> None:
    import qttt_edu.classroom.cli as classroom_cli

    monkeypatch.setattr(classroom_cli, *planted)
    still_refused = [
        argv for argv, _says in BAD_INPUTS if _refused(tmp_path, [*argv, "--dry-run"], capsys)
    ]
    assert len(still_refused) < len(BAD_INPUTS)  # the fault lets a bad input through


def test_the_store_and_the_service_refuse_the_class_names_the_command_refuses(
    tmp_path: Path,
) -> None:
    from qttt_edu.rooms.service import start_service

    store = RoomStore(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    assert store.create_room(class_name="K" * 64).code  # the longest name there is
    for name in ("K" * 65, "7\tB", "7B\u200b"):
        with pytest.raises(RoomError):
            store.create_room(class_name=name)
        with pytest.raises(RoomError):
            start_service(
                f"sqlite:///{tmp_path / 'r.sqlite3'}",
                classes={name: "k" * 22},
                teacher_secret="s" * 22,
            )
    store.close()


def test_a_dry_run_leaves_the_folder_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    games = tmp_path / "7b.sqlite3"
    store = RoomStore(f"sqlite:///{games}", clock=lambda: 1000.0)
    store.create_room(nickname="Ada", class_name="7B", ttl=10)  # expired at the next look
    store.close()
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))

    def snapshot() -> dict[str, tuple[int, float]]:
        return {
            str(p.relative_to(tmp_path)): (p.stat().st_size, p.stat().st_mtime)
            for p in tmp_path.rglob("*")
        }

    before = snapshot()
    argv = ["classroom", "--file", str(games), "--class", "7B", "--token", "Ab-12345cd"]
    assert cli_main([*argv, "--address", "10.9.8.7", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert snapshot() == before  # no purge, no folder of the servers, no new file
    assert RoomStore(f"sqlite:///{games}", clock=lambda: 1000.0).list_rooms("7B").rooms
    assert "http://10.9.8.7:8866/voila/render/app.ipynb?token=Ab-12345cd" in out
    assert cli_main([*argv, "--file", str(tmp_path / "new.sqlite3"), "--dry-run"]) == 0
    assert not (tmp_path / "new.sqlite3").exists()


def test_the_students_address_carries_the_password_encoded() -> None:
    from urllib.parse import parse_qs, urlsplit

    from qttt_edu.classroom.cli import student_url

    for token in ("Ab-12345cd", "a&b c#d=e?f%", "æø+/"):
        url = student_url("http://10.9.8.7:8866", token)
        parts = urlsplit(url)
        assert parts.path == "/voila/render/app.ipynb" and not parts.fragment
        assert parse_qs(parts.query) == {"token": [token]}


def test_the_class_language_reaches_the_students_pages_and_the_dashboard(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--lang da``: the links carry it (the loading page speaks it before the app is
    there), and the app and the dashboard speak it on a page opened without it (an
    address typed by hand, the login page's way back); a page whose address names
    another language gets that one."""
    games = str(tmp_path / "g.sqlite3")
    assert cli_main(["classroom", "--file", games, "--dry-run", "--lang", "da"]) == 0
    links = [w for w in capsys.readouterr().out.split() if "/voila/render/" in w]
    assert len(links) == 2 and all(parse_qs(urlsplit(u).query)["lang"] == ["da"] for u in links)
    from qttt_edu.classroom.cli import APP_SOURCE, DASHBOARD_SOURCE

    said = "from qttt_edu.i18n import t; print(t('class_students', url='U'))"
    for source in (APP_SOURCE, DASHBOARD_SOURCE):
        for query, spoken in (("", "da"), ("lang=fi", "fi")):
            program = source.format(class_name="7B", lang="da") + said
            env = {**os.environ, "QUERY_STRING": query, "QTTT_ROOMS_URL": str(tmp_path / "r")}
            run = subprocess.run(
                [sys.executable, "-c", program], capture_output=True, text=True, env=env
            )
            assert run.returncode == 0, run.stderr
            if source is APP_SOURCE:
                assert run.stdout.splitlines()[-1] == t_in(spoken, "class_students", url="U")
            else:  # the teacher's page has no language of its own to ask for
                assert run.stdout.splitlines()[-1] == t_in("da", "class_students", url="U")


def test_the_students_server_limits_kernels_per_address_and_the_teacher_can_raise_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = str(tmp_path / "7b.sqlite3")
    manager = "--VoilaConfiguration.multi_kernel_manager_class="
    for extra, limit in (((), 4), (("--kernels-per-address", "150"), 150)):
        assert cli_main(["classroom", "--file", games, "--dry-run", *extra]) == 0
        out = capsys.readouterr().out.splitlines()
        lines = [line for line in out if " -m qttt_edu.classroom.voila_server " in line]
        students, teacher = lines
        assert f"{manager}qttt_edu.classroom.limits.ClassKernelManager" in students
        assert f"--ClassKernelManager.kernels_per_address={limit}" in students
        assert manager not in teacher  # the teacher's own server: no limit
    # 0 turns it off; a word is refused with a message, not a traceback
    assert cli_main(["classroom", "--file", games, "--dry-run", "--kernels-per-address", "0"]) == 0
    assert manager not in capsys.readouterr().out
    assert cli_main(["classroom", "--file", games, "--kernels-per-address", "many"]) == 2
    assert "many" in capsys.readouterr().err


@pytest.mark.parametrize("lang", ["en", "da", "fi", "nb", "it"])
def test_the_refusal_page_says_the_limit_in_the_class_language(lang: str) -> None:
    from qttt_edu.classroom.limits import limit_page
    from qttt_edu.i18n import t_in

    page = limit_page(lang, 4)
    assert f'<html lang="{lang}">' in page and 'role="alert"' in page
    for key in ("limit_title", "limit_teacher", "limit_reload"):
        assert html.escape(t_in(lang, key)) in page
    assert html.escape(t_in(lang, "limit_text", limit=4)) in page and " 4 " in page


def test_the_address_is_the_outgoing_interface_never_the_loopback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from qttt_edu.classroom import network

    chosen, others = network.lan_addresses()
    assert chosen is None or not chosen.startswith("127.")
    assert not any(a.startswith("127.") for a in others) and chosen not in others
    assert network.outgoing_address("127.0.0.1") is None
    # a computer without a network: a warning, and the loopback address
    monkeypatch.setattr(network, "lan_addresses", lambda: (None, []))
    games = str(tmp_path / "g.sqlite3")
    assert cli_main(["classroom", "--file", games, "--dry-run"]) == 0
    captured = capsys.readouterr()
    assert "no network address other devices can reach" in captured.err
    assert "Students open: http://127.0.0.1:8866/" in captured.out
    # several networks: the first is printed, the others listed
    monkeypatch.setattr(network, "lan_addresses", lambda: ("192.168.1.20", ["10.0.0.5"]))
    assert cli_main(["classroom", "--file", games, "--dry-run", "--port", "9000"]) == 0
    out = capsys.readouterr().out
    assert "Students open: http://192.168.1.20:9000/" in out
    assert "another network of this computer: http://10.0.0.5:9000/" in out


def test_a_host_only_this_computer_reaches_is_named_as_such(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = str(tmp_path / "g.sqlite3")
    assert cli_main(["classroom", "--file", games, "--host", "127.0.0.1", "--dry-run"]) == 0
    captured = capsys.readouterr()
    assert "listens on this computer only" in " ".join(captured.err.split())
    assert "Students open: http://127.0.0.1:8866/" in captured.out
    assert cli_main(["classroom", "--file", games, "--address", "10.0.0.2", "--dry-run"]) == 0
    assert "this computer only" not in capsys.readouterr().err


def test_the_passwords_are_kept_beside_the_games_file_so_a_restart_keeps_every_login(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from qttt_edu.classroom.cli import class_passwords, passwords_file

    games = tmp_path / "7b.sqlite3"
    argv = ["classroom", "--file", str(games), "--address", "10.9.8.7", "--dry-run"]
    assert cli_main(argv) == 0  # a dry run keeps nothing
    assert not passwords_file(games).exists()
    capsys.readouterr()
    first = class_passwords(games)  # what a real start does
    assert class_passwords(games) == first and first[0] != first[1]
    assert passwords_file(games).stat().st_mode & 0o777 == 0o600
    assert cli_main(argv) == 0
    out = capsys.readouterr().out
    assert f"app.ipynb?token={first[0]}" in out and f"dashboard.ipynb?token={first[1]}" in out
    # --token is the class password; the dashboard keeps its own
    assert cli_main([*argv, "--token", "Own-class-7b"]) == 0
    out = capsys.readouterr().out
    assert "token=Own-class-7b" in out and f"dashboard.ipynb?token={first[1]}" in out
    # a file edited into something the login could not take: new passwords, kept again
    passwords_file(games).write_text('{"class_password": "a b", "teacher_password": 5}')
    fresh = class_passwords(games)
    assert fresh != first and class_passwords(games) == fresh


def test_a_teacher_port_in_use_is_refused_and_one_still_closing_is_free(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import socket

    from qttt_edu.classroom.cli import port_is_free

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        err = _refused(tmp_path, ["--teacher-port", str(port), "--dry-run"], capsys)
        assert err is not None and f"Port {port} (--teacher-port) is in use" in err
    # the dashboard's port of a run just stopped: its connections are still closing
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen()
    port = server.getsockname()[1]
    client = socket.create_connection(("127.0.0.1", port))
    accepted, _ = server.accept()
    accepted.close()  # the server closes first: its side waits (TIME_WAIT)
    server.close()
    client.close()
    assert port_is_free("127.0.0.1", port)


def test_the_terminal_gets_the_servers_problems_not_their_routine() -> None:
    from qttt_edu.classroom.server_log import relay

    said = [
        "[CompressedVoila] Voilà is running at:",
        "http://127.0.0.1:8866/?token=...",
        "[CompressedVoila] WARNING | Notebook app.ipynb is not trusted",
        "[CompressedVoila] Kernel started: 7f972081-1960-44c1-9ce2-8d9c62e16794",
        "[IPKernelApp] WARNING | Kernel is running over TCP without encryption. All ...",
        "[CompressedVoila] User e375c09e552a4455b5f7895e60a64f5f logged in.",
        "404 GET /favicon.ico (127.0.0.1) 0.58ms",
        "[W 10:01:02 classroom] Refused a page from 10.0.0.7: it already holds 4 kernels.",
        "500 GET /voila/render/app.ipynb (10.0.0.7) 12.00ms",
        "Traceback (most recent call last):",
        "[CompressedVoila] Handle signal 15.",
    ]
    server = subprocess.Popen(
        [sys.executable, "-c", "import sys; sys.stdout.write(sys.stdin.read())"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    terminal = io.StringIO()
    thread = relay(server.stdout, terminal)  # type: ignore[arg-type]
    assert server.stdin is not None  # the relay alone reads the server's output
    server.stdin.write("\n".join(said).encode() + b"\n")
    server.stdin.close()
    server.wait(10)
    thread.join(10)
    assert terminal.getvalue().splitlines() == [said[7], said[8], said[9]]


def test_every_server_setting_is_on_the_command_line_and_in_the_folder(tmp_path: Path) -> None:
    from qttt_edu.classroom.cli import prepare_server, voila_config

    config = voila_config("TOKEN23456", 120)
    command = build_command(tmp_path, "127.0.0.1", 9000, "TOKEN23456", 120, config=config)
    prepare_server(tmp_path, config, {"app.ipynb": "1"})
    assert json.loads((tmp_path / "voila.json").read_text("utf-8")) == config
    for section, values in config.items():
        for key, value in values.items():
            if key != "token":
                for item in value if isinstance(value, list) else [value]:
                    assert f"--{section}.{key}={item}" in command
    assert config["MappingKernelManager"]["cull_connected"] is False


def test_a_page_loads_only_the_widget_extensions_whatever_else_is_installed() -> None:
    from qttt_edu.classroom.cli import EXTENSIONS, voila_config
    from qttt_edu.classroom.voila_server import CompressedVoila

    config = voila_config("TOKEN23456", 120)
    command = build_command(Path("."), "127.0.0.1", 9000, "TOKEN23456", 120, config=config)
    assert command[1:3] == ["-m", "qttt_edu.classroom.voila_server"]
    app = CompressedVoila()
    app.parse_command_line(command[3:])  # the flags as Voilà itself reads them
    assert app.config.VoilaConfiguration.extension_allowlist == EXTENSIONS
    assert "anywidget" in EXTENSIONS and "@jupyter-widgets/jupyterlab-manager" in EXTENSIONS
    # the repository's own voila.json (voila notebooks/app.ipynb) keeps the same list
    root = json.loads((Path(__file__).parents[1] / "voila.json").read_text("utf-8"))
    assert root["VoilaConfiguration"]["extension_allowlist"] == EXTENSIONS


def test_on_binder_the_command_says_why_instead_of_failing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setenv("BINDER_SERVICE_HOST", "10.0.0.1")
    assert cli_main(["classroom", "--file", str(tmp_path / "x.sqlite3")]) == 2
    assert "Binder gives every user a container of their own" in capsys.readouterr().err
    assert not (tmp_path / "x.sqlite3").exists()


def _words(page: str) -> str:
    """A kit page's HTML without the ``code`` tags that keep the command's name whole."""
    return page.replace("<code>", "").replace("</code>", "")


def _speaks_to(page: str, lang: str) -> str | None:
    """Whom a login page in ``lang`` asks: ``"teacher"`` when it names the teacher's
    password and says where it is printed, with no word of the class password;
    ``"class"`` for the reverse; else ``None``. The checker the tests below use."""
    from qttt_edu.i18n import t_in

    def has(key: str) -> bool:
        return html.escape(t_in(lang, key)) in _words(page)

    teacher = ("login_teacher_label", "login_teacher_hint", "login_teacher_button")
    student = ("login_label", "login_hint", "login_button")
    if all(map(has, teacher)) and not any(map(has, student)):
        return "teacher"
    if all(map(has, student)) and not any(map(has, teacher)):
        return "class"
    return None


@pytest.mark.parametrize("lang", ["en", "da", "fi", "nb", "it"])
def test_the_dashboards_login_asks_for_the_teachers_password_not_the_class_one(
    lang: str,
) -> None:
    from qttt_edu.classroom.login import (
        KitIdentityProvider,
        TeacherIdentityProvider,
        TeacherLoginHandler,
        login_page,
    )
    from qttt_edu.i18n import t_in

    assert _speaks_to(login_page(lang, "", "/", role="teacher"), lang) == "teacher"
    assert _speaks_to(login_page(lang, "", "/"), lang) == "class"
    wrong = _words(login_page(lang, "", "/", wrong=True, role="teacher"))
    assert html.escape(t_in(lang, "login_teacher_wrong")) in wrong
    assert html.escape(t_in(lang, "login_wrong")) not in wrong
    # the hint names the line the command prints the password on
    assert "qttt-edu classroom" in t_in(lang, "login_teacher_hint")
    # the teacher's server names the teacher's page; the students' server the class's
    assert TeacherIdentityProvider().login_handler_class is TeacherLoginHandler
    assert KitIdentityProvider().login_handler_class is not TeacherLoginHandler


def test_the_login_page_check_catches_a_planted_fault(monkeypatch: pytest.MonkeyPatch) -> None:
    import qttt_edu.classroom.login as login

    page = login.login_page
    # the fault this test was written for: the teacher's server shows the students' page
    monkeypatch.setattr(login, "login_page", lambda *a, **k: page(*a, **{**k, "role": "class"}))
    assert _speaks_to(login.login_page("da", "", "/", role="teacher"), "da") != "teacher"


def test_the_command_prints_the_teachers_password_under_the_dashboards_address(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = str(tmp_path / "g.sqlite3")
    assert cli_main(["classroom", "--file", games, "--dry-run", "--lang", "nb"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Lærerens oversikt: "))
    key = parse_qs(urlsplit(lines[at].split(": ", 1)[1]).query)["token"][0]
    assert lines[at + 1] == f"Lærerens passord (til oversikten; ikke klassens passord): {key}"
    # the teacher's lines before the students' block, so its QR code can be shown alone
    students = next(i for i, line in enumerate(lines) if "/voila/render/app.ipynb?token=" in line)
    qr = next(i for i, line in enumerate(lines) if "█" in line)
    assert at + 1 < students < qr
    commands = [line for line in lines if " -m qttt_edu.classroom.voila_server " in line]
    provider = "--Voila.identity_provider_class=qttt_edu.classroom.login."
    assert f"{provider}KitIdentityProvider" in commands[0]
    assert f"{provider}TeacherIdentityProvider" in commands[1] and f"--token={key}" in commands[1]


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def _get(
    url: str, data: bytes | None = None, headers: dict[str, str] | None = None
) -> tuple[int, str, Any]:
    request = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with urllib.request.build_opener(_NoRedirect()).open(request, timeout=60) as answer:
            return answer.status, answer.read().decode(), answer.headers
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode(errors="replace"), refused.headers


def _wait_for(url: str, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            _get(url)
            return
        except (urllib.error.URLError, ConnectionError, OSError):
            time.sleep(0.3)
    raise AssertionError(f"no answer from {url}")


@pytest.mark.slow
def test_the_classroom_command_keeps_students_out_of_the_dashboard_and_stops_cleanly(
    tmp_path: Path,
) -> None:
    import psutil

    port, teacher_port = free_port(), free_port()
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    env = {**os.environ, "TMPDIR": str(scratch), "QTTT_LANG": "en"}
    for name in ("BINDER_REQUEST", "BINDER_LAUNCH_HOST", "BINDER_REPO_URL", "BINDER_SERVICE_HOST"):
        env.pop(name, None)
    command = [sys.executable, "-m", "qttt_edu", "classroom", "--file", str(tmp_path / "g.sqlite3")]
    command += ["--port", str(port), "--teacher-port", str(teacher_port), "--host", "127.0.0.1"]
    command += ["--token", "TOKEN23456", "--lang", "da"]
    log = (tmp_path / "classroom.log").open("w")
    server = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    students = f"http://127.0.0.1:{port}"
    teacher = f"http://127.0.0.1:{teacher_port}"
    try:
        _wait_for(f"{students}/login")
        _wait_for(f"{teacher}/login")
        out = (tmp_path / "classroom.log").read_text()
        key = re.search(r"dashboard.ipynb\?token=(\w+)", out)
        assert key and key[1] != "TOKEN23456"
        # strangers meet the kit's page, in the class's language; no password to set
        status, page, _ = _get(f"{students}/voila/render/app.ipynb")
        assert status == 302
        status, page, headers = _get(f"{students}/login?next=%2Fvoila%2Frender%2Fapp.ipynb")
        assert status == 200 and "Klassens adgangskode" in page and 'lang="da"' in page
        assert "Setup a Password" not in page and "new_password" not in page
        xsrf = re.search(r'name="_xsrf" value="([^"]+)"', page)
        cookie = "; ".join(c.split(";")[0] for c in headers.get_all("Set-Cookie") or [])
        assert xsrf
        started = time.monotonic()
        status, page, _ = _get(
            f"{students}/login?next=%2Fvoila%2Frender%2Fapp.ipynb",
            data=f"_xsrf={xsrf[1]}&password=WRONG23456&new_password=x".encode(),
            headers={"Cookie": cookie},
        )
        assert status == 401 and "ikke klassens adgangskode" in page
        assert time.monotonic() - started >= 1.0  # a wrong guess costs a second
        # the hidden field: a password typed in small letters, with a space, opens the class
        status, _page, answer = _get(
            f"{students}/login?next=%2Fvoila%2Frender%2Fapp.ipynb",
            data=f"_xsrf={xsrf[1]}&password=+token23456+".encode(),
            headers={"Cookie": cookie},
        )
        assert status == 302 and answer["Location"].endswith("/voila/render/app.ipynb")
        # the students' token opens the app, never the dashboard
        status, page, _ = _get(f"{students}/voila/render/app.ipynb?token=TOKEN23456")
        assert status == 200 and "qttt-loading" in page  # the kit's loading page
        # the page's scripts and styles travel compressed (thirty laptops share the Wi-Fi),
        # compressed once: the next student gets the same bytes, whole, with their length
        for asset in ("voila/static/voila.js", "voila/templates/qttt/static/index.css"):
            request = urllib.request.Request(
                f"{students}/{asset}?token=TOKEN23456", headers={"Accept-Encoding": "gzip"}
            )
            with urllib.request.urlopen(request, timeout=60) as answer:
                packed = answer.read()
                assert answer.headers["Content-Encoding"] == "gzip", asset
            with urllib.request.urlopen(request, timeout=60) as answer:  # the next student
                again = answer.read()
                assert answer.headers["Content-Encoding"] == "gzip", asset
                assert answer.headers["Content-Length"] == str(len(again)), asset
            with urllib.request.urlopen(f"{students}/{asset}?token=TOKEN23456") as plain:
                assert gzip.decompress(packed) == plain.read() and len(packed) * 2 < len(
                    gzip.decompress(packed)
                ), asset
            assert gzip.decompress(again) == gzip.decompress(packed), asset
        assert _get(f"{students}/voila/render/dashboard.ipynb?token=TOKEN23456")[0] == 404
        assert _get(f"{teacher}/voila/render/dashboard.ipynb?token=TOKEN23456")[0] == 302
        # the dashboard's login page asks the teacher for the teacher's password, in the
        # class's language, and the class password does not open it
        status, page, headers = _get(f"{teacher}/login?next=%2Fvoila%2Frender%2Fdashboard.ipynb")
        assert status == 200 and _speaks_to(page, "da") == "teacher", page
        xsrf = re.search(r'name="_xsrf" value="([^"]+)"', page)
        cookie = "; ".join(c.split(";")[0] for c in headers.get_all("Set-Cookie") or [])
        assert xsrf
        status, page, _ = _get(
            f"{teacher}/login?next=%2Fvoila%2Frender%2Fdashboard.ipynb",
            data=f"_xsrf={xsrf[1]}&password=TOKEN23456".encode(),
            headers={"Cookie": cookie},
        )
        assert status == 401 and "ikke lærerens adgangskode" in page
        assert f"Lærerens adgangskode (til oversigten; ikke klassens adgangskode): {key[1]}" in out
        status, page, _ = _get(f"{teacher}/voila/render/dashboard.ipynb?token={key[1]}")
        assert status == 200 and "Traceback" not in page
        family = psutil.Process(server.pid).children(recursive=True)
        assert len(family) >= 3  # two servers and the kernels of the two pages
        assert len(list(scratch.glob("qttt-classroom-*"))) == 1
    finally:
        server.send_signal(signal.SIGTERM)
        time.sleep(0.5)
        server.send_signal(signal.SIGINT)  # an impatient second signal: still a full stop
        try:
            server.wait(40)
        except subprocess.TimeoutExpired:
            server.kill()
            raise
        log.close()
    # SIGTERM stopped everything the command started, and its folder is gone
    assert psutil.wait_procs(family, timeout=10)[1] == []
    assert list(scratch.glob("qttt-classroom-*")) == []
    assert "Klassens server er stoppet" in (tmp_path / "classroom.log").read_text()


def test_the_command_is_run_by_the_installed_script(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "qttt_edu", "classroom", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0 and "--file" in result.stdout and "--token" in result.stdout


@pytest.mark.slow
def test_voila_started_in_the_checkout_shows_the_kits_loading_page(tmp_path: Path) -> None:
    """``voila notebooks/app.ipynb`` (the teachers' guide) finds the ``qttt`` template.

    An editable install does not copy the template into Jupyter's data folder; the
    checkout's ``voila.py`` points Jupyter at it. Nothing else on the path helps here.
    """
    root = Path(__file__).resolve().parents[1]
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "JUPYTER_PATH"}
    for var in ("JUPYTER_RUNTIME_DIR", "JUPYTER_CONFIG_DIR", "IPYTHONDIR"):
        env[var] = str(tmp_path / var.lower())
    command = [sys.executable, "-m", "voila", "notebooks/app.ipynb", "--no-browser"]
    command += ["--Voila.ip=127.0.0.1", f"--Voila.port={port}", "--Voila.port_retries=0"]
    with (tmp_path / "voila.log").open("w") as log:
        server = subprocess.Popen(
            command, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    # without the template Voila sends the headers and then nothing, for ever: the page
    # is read on a thread, and stopping the server ends that read
    reading = concurrent.futures.ThreadPoolExecutor(1)
    try:
        _wait_for(f"http://127.0.0.1:{port}/voila/static/voila.js")
        answer = reading.submit(_get, f"http://127.0.0.1:{port}/")
        status, page, _ = answer.result(timeout=90)
    except concurrent.futures.TimeoutError:
        status, page = 0, "no page within 90 s"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(30)
        reading.shutdown(wait=True)
    written = (tmp_path / "voila.log").read_text()
    assert "TemplateNotFound" not in written, written
    assert status == 200 and "qttt-loading-board" in page, page


def _card(cards: str, label: str) -> str:
    """The markup of the card of game ``label`` in the grid's HTML."""
    start = cards.index(f'data-room="{label}"')
    return cards[cards.rindex("<button", 0, start) : cards.index("</button>", start)]


def _two_games(tmp_path: Path) -> tuple[RoomStore, Any, Any, Any, Dashboard]:
    """Class 7B's store with Ada (X) vs Ben (O) after "1-2" and Cy alone, and a dashboard
    on it: (store, Ada's ticket, Ben's, Cy's, dashboard)."""
    url = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    store = RoomStore(url)
    ada = store.create_room(nickname="Ada", class_name="7B")
    ben = store.join(ada.code, nickname="Ben")
    cy = store.create_room(nickname="Cy", class_name="7B")
    store.act(ada.code, ada.credential, "1-2")
    board = Dashboard(RoomStore(url), class_name="7B", refresh=0, baseline_games=200)
    return store, ada, ben, cy, board


def test_until_the_teacher_picks_a_card_the_large_game_is_the_latest_action(
    tmp_path: Path,
) -> None:
    store, ada, _ben, cy, board = _two_games(tmp_path)
    di = store.join(cy.code, nickname="Di")
    assert board.shown == ada.code
    store.act(cy.code, cy.credential, "5-9")  # Cy's game now has the latest action
    assert board.update() is True
    assert board.shown == cy.code and board.large_board.view["record"] == "5-9"
    assert 'aria-pressed="true"' in _card(board.cards.value, cy.label)
    board.show(ada.label)  # the teacher's pick stays, whatever moves elsewhere
    store.act(cy.code, di.credential, "1-5")
    assert board.update() is True
    assert board.shown == ada.code


def test_the_large_game_follows_the_game_being_played_not_a_new_empty_one(
    tmp_path: Path,
) -> None:
    """A student who makes a new room, or one who joins it, does not take the projector
    from the game in play: the large game follows moves (newcomer pass, defect 2)."""
    store, ada, _ben, _cy, board = _two_games(tmp_path)
    assert board.shown == ada.code
    eve = store.create_room(nickname="Eve", class_name="7B")  # the newest room: no move
    store.join(eve.code, nickname="Fay")
    assert board.update() is True
    assert board.shown == ada.code and board.large_board.view["record"] == "1-2"
    store.act(eve.code, eve.credential, "4-6")  # now Eve's game has the latest move
    assert board.update() is True
    assert board.shown == eve.code


def test_clicking_a_card_shows_that_game_large_and_bad_cards_change_nothing(
    tmp_path: Path,
) -> None:
    store, ada, ben, cy, board = _two_games(tmp_path)
    # Every card is a button whose name says what it shows; the latest game starts large.
    assert board.cards.value.count("<button") == 2
    first = _card(board.cards.value, ada.label)
    assert f'aria-label="Show game {ada.label} large: Ada (X) vs Ben (O), O to play"' in first
    assert 'aria-pressed="true"' in first and "shown large" in first
    assert 'aria-pressed="false"' in _card(board.cards.value, cy.label)
    assert board.large_board.view["record"] == "1-2"

    board.cards.send_click({"type": "show", "room": cy.code})  # what the page sends
    assert board.shown == cy.code and board.large_board.view["record"] == ""
    assert f'data-room="{cy.label}"' in board.large.value and "Cy" in board.large.value
    assert 'aria-pressed="true"' in _card(board.cards.value, cy.label)
    assert 'aria-pressed="false"' in _card(board.cards.value, ada.label)

    # The large game follows its game live; the other games do not take its place.
    store.join(cy.code, nickname="Di")
    store.act(cy.code, cy.credential, "5-9")
    store.act(ada.code, ben.credential, "3-4")  # Ada's game now has the latest action
    assert board.update() is True
    assert board.shown == cy.code and board.large_board.view["record"] == "5-9"
    assert "Di" in board.large.value

    # Bad cards: refused with a reason on the page, and nothing changes.
    before = (board.shown, board.cards.value, board.large.value, dict(board.large_board.view))
    gone = store.create_room(class_name="8A")  # a real game, but not of this class
    for bad, reason in [
        (gone.label, f"{gone.label} is not among this class's games"),
        ("ZZZ-ZZZ", "is not among this class's games"),
        ("K7M", "is not a room code"),
        (42, "room code is text"),
        (None, "room code is text"),
    ]:
        board.cards.send_click({"type": "show", "room": bad})
        assert reason in html.unescape(board.refusal.value), bad
        assert "role='alert'" in board.refusal.value
        after = (board.shown, board.cards.value, board.large.value, dict(board.large_board.view))
        assert after == before, bad
    with pytest.raises(UnknownRoomError, match="choose one of the cards shown"):
        board.show(gone.code)
    with pytest.raises(BadCodeError):
        board.show("")
    board.cards.send_click({"type": "square", "room": ada.code})  # not a card's message
    board.cards.send_click(["show", ada.code])
    assert board.shown == cy.code

    # A good click clears the refusal; a code typed in any case and spacing works too.
    board.show(ada.label.lower().replace("-", " "))
    assert board.shown == ada.code and board.refusal.value == ""
    assert board.large_board.view["record"] == "1-2 3-4"
    store.close()


def test_a_card_says_which_player_is_away_until_they_are_back(tmp_path: Path) -> None:
    """A student who closed the tab or the lid mid-game: their card says "(away)", for
    the eye and for a screen reader, and says it no more once they are back or the game
    is over."""
    url = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    store = RoomStore(url)
    ada = store.create_room(nickname="Ada", class_name="7B")
    seats = {"X": ada, "O": store.join(ada.code)}  # O: a player without a nickname
    board = Dashboard(RoomStore(url), class_name="7B", refresh=0, baseline_games=50)
    card = _card(board.cards.value, ada.label)
    assert "Ada<br>" in card and "away" not in card
    store.set_presence(ada.code, "O", False)
    assert board.update() is True  # presence alone is a change the teacher sees
    card = _card(board.cards.value, ada.label)
    assert "O: (no nickname, away)" in card and "X: Ada<br>" in card
    assert "vs a player without a nickname (O) (away)" in card
    store.set_presence(ada.code, "X", False)
    store.set_presence(ada.code, "O", True)
    board.update()
    card = _card(board.cards.value, ada.label)
    assert "X: Ada (away)" in card and "O: (no nickname)<br>" in card
    # the kernel mode has no live connection: a seat not heard from for AWAY_AFTER s is
    # away, with no new version of the game, and the card says so all the same
    now = [time.time()]
    kernels = Dashboard(
        RoomStore(url, clock=lambda: now[0]), class_name="7B", refresh=0, baseline_games=50
    )
    store.set_presence(ada.code, "X", True)
    kernels.update()
    assert "X: Ada<br>" in _card(kernels.cards.value, ada.label)
    now[0] += AWAY_AFTER + 1
    assert kernels.update() is True
    assert "X: Ada (away)" in _card(kernels.cards.value, ada.label)
    for token in WON.split():  # over: whoever went home is no news
        store.act(ada.code, seats[store.room(ada.code).to_act].credential, token)
    board.update()
    assert "away" not in _card(board.cards.value, ada.label)
    kernels.close()
    store.close()


def test_cards_say_who_chooses_and_one_room_can_be_shown_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from qttt_edu.classroom.dashboard import page_dashboard, server_usage

    url = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    store = RoomStore(url)
    x = store.create_room(nickname="Ada", class_name="7B")
    o = store.join(x.code, nickname="Bo")
    seats = {"X": x, "O": o}
    for token in WON.split()[:8]:  # O7 ... 4-7 closes a cycle: X chooses where it lands
        store.act(x.code, seats[store.room(x.code).to_act].credential, token)
    other = store.create_room(nickname="Cy", class_name="7B")
    board = Dashboard(RoomStore(url), class_name="7B", refresh=0, baseline_games=50)
    assert "X chooses" in _card(board.cards.value, x.label)
    assert "X to play" in _card(board.cards.value, other.label)

    # ?room=CODE in the dashboard's address: that game alone, large, no cards
    monkeypatch.setenv("QTTT_ROOMS_URL", url)
    monkeypatch.setenv("QUERY_STRING", f"token=SECRET&room={x.label}")
    monkeypatch.setenv("QTTT_CLASS_SERVER_PID", str(os.getpid()))
    alone = page_dashboard("7B")
    try:
        assert alone.shown == x.code and alone.cards.value == ""
        assert f'data-room="{x.label}"' in alone.large.value
        assert alone.large_board.view["record"] == " ".join(WON.split()[:8])
        assert re.search(r"\d+ kernels?, \d+\.\d GB", alone.usage.value)
    finally:
        alone.close()
    monkeypatch.setenv("QUERY_STRING", "room=NOT-A-CODE!")
    whole = page_dashboard("7B")  # a code that is not one: said, and the whole class shown
    try:
        assert "NOT-A-CODE" in whole.refusal.value and whole.cards.value.count("qttt-card") >= 2
    finally:
        whole.close()
    usage = server_usage(os.getpid())
    assert usage is not None and usage[1] > 0
    assert server_usage(2**22 + 7) is None  # no such process: the header says nothing
    store.close()


def test_only_the_chooser_gets_live_choice_buttons_in_a_shared_game(tmp_path: Path) -> None:
    from qttt_edu.widgets import GameApp
    from tests.test_widgets_shared import PAGE, act, join, new_shared, shows, wait_until

    store = RoomStore(f"sqlite:///{tmp_path / 'rooms.sqlite3'}", retry_for=5.0)
    apps = [GameApp(computer_delay=0, rooms=store) for _ in range(3)]
    try:
        for app in apps:
            app.shared_panel.page.href = PAGE
        ada, bo, cy = apps
        code = new_shared(ada, "Ada")
        bo.shared_panel.nickname.value = "Bo"
        join(bo, code)
        cy.shared_panel.code_input.value = code
        cy.shared_panel.watch_button.click()
        act(ada, "1-2")
        wait_until(lambda: shows(bo, "1-2"))
        act(bo, "1-2")  # O2 closes a cycle: X chooses where it lands
        for app in apps:
            wait_until(lambda a=app: shows(a, "1-2 1-2"))  # type: ignore[misc]
        assert "locked" not in ada.board.view["pending"]  # Ada chooses: live buttons
        for app in (bo, cy):  # the waiting player and the spectator: who chooses
            assert app.board.view["pending"]["locked"] == "Ada (X) chooses"
        act(ada, "c1")
        wait_until(lambda: shows(bo, "1-2 1-2 c1"))
        assert bo.board.view["pending"] is None
    finally:
        for app in apps:
            if app.shared is not None:
                app.shared.close()
        store.close()


def _stops_once_and_fully() -> bool:
    """Whether :func:`run_until_stopped` ends its wait on SIGTERM with status 0, runs the
    stopping to its end despite a second SIGTERM meanwhile, and puts the handlers back.
    The checker the tests below use (both signals go to this very process)."""
    from qttt_edu.classroom.stopping import run_until_stopped

    steps: list[str] = []

    def wait() -> int:
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(10)  # the signal ends this long before
        return 7

    def stop() -> None:
        steps.append("stopping")
        os.kill(os.getpid(), signal.SIGTERM)  # impatient: a second SIGTERM
        time.sleep(0.05)
        steps.append("stopped")

    before = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)
    try:
        code = run_until_stopped(wait, stop)
    except BaseException:  # the second signal cut the stopping short
        return False
    after = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)
    return code == 0 and steps == ["stopping", "stopped"] and after == before


def test_both_modes_stop_once_and_fully_on_sigterm(capsys: pytest.CaptureFixture[str]) -> None:
    started = time.monotonic()
    assert _stops_once_and_fully()
    assert time.monotonic() - started < 5
    assert "The classroom server has stopped" in capsys.readouterr().out


def test_the_stopping_check_catches_a_planted_fault(monkeypatch: pytest.MonkeyPatch) -> None:
    import contextlib

    import qttt_edu.classroom.stopping as stopping

    # the fault: signals are not ignored while stopping, so a second one cuts it short
    monkeypatch.setattr(stopping, "_signals_ignored", contextlib.nullcontext)
    assert not _stops_once_and_fully()


def test_sigint_stops_a_class_started_as_a_background_job(tmp_path: Path) -> None:
    """A shell starts a background job with SIGINT ignored, and Python keeps it so: the
    command must still stop on ``kill -INT``, say so, and keep the games file."""
    port = free_port()
    command = [sys.executable, "-m", "qttt_edu", "classroom", "--light", "--lang", "en"]
    command += ["--host", "127.0.0.1", "--port", str(port), "--file", str(tmp_path / "g.sqlite3")]
    log = tmp_path / "classroom.log"
    with log.open("wb") as out:
        server = subprocess.Popen(
            command,
            stdout=out,
            stderr=subprocess.STDOUT,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
        )
    try:
        deadline = time.monotonic() + 60
        while "Ctrl-C" not in log.read_text():
            assert server.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        server.send_signal(signal.SIGINT)
        assert server.wait(20) == 0, log.read_text()
    finally:
        if server.poll() is None:
            server.kill()
    assert "The classroom server has stopped" in log.read_text()
    assert (tmp_path / "g.sqlite3").exists()


def test_the_terminal_qr_code_is_black_on_white_on_a_dark_or_a_light_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Drawn in the terminal's own colours the code is inverted on a light terminal (a
    Mac's default), which many phones' cameras do not read: on a terminal, every module
    is given its colour, dark ones black and light ones white, and it is the same code."""
    import segno

    from qttt_edu.classroom import network

    link = "http://10.0.0.2:8866/qttt-join.html#class=abcdefghijklmnopqrstuv"
    code = segno.make(link, error="m")

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    monkeypatch.setattr(sys, "stdout", screen)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("TERM", "xterm-256color")
    network.print_qr(link)
    monkeypatch.undo()
    text = screen.getvalue()
    # read it back as a terminal draws it: each half block's upper half in the colour
    # set last for the foreground, its lower half in the background's
    colour = {"30": 1, "40": 1, "97": 0, "107": 0}
    drawn: list[list[int]] = []
    for line in text.splitlines():
        top: list[int] = []
        bottom: list[int] = []
        fg = bg = None
        for token in re.findall(r"\x1b\[(\d+);(\d+)m|(▀)|\x1b\[0m", line):
            if token[0]:
                fg, bg = colour[token[0]], colour[token[1]]
            elif token[2]:
                assert fg is not None and bg is not None  # never a module in the terminal's own
                top.append(fg)
                bottom.append(bg)
        drawn += [top, bottom]
    wanted = [list(row) for row in code.matrix_iter(scale=1, border=4)]
    assert drawn[: len(wanted)] == wanted
    assert all(not any(row) for row in drawn[len(wanted) :])  # the padding row is quiet zone
    # written to a file or a pipe, the code stays plain text
    network.print_qr(link)
    plain = io.StringIO()
    code.terminal(plain, compact=True)
    assert capsys.readouterr().out == plain.getvalue()


def test_the_dashboard_shows_the_class_link_large_for_the_projector(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The classroom command hands the dashboard the students' link: a view of its own
    shows it with its QR code (the same code the terminal prints), for the back row; a
    dashboard without a link has no such view."""
    from qttt_edu.classroom.dashboard import page_dashboard
    from qttt_edu.widgets.shared import qr_svg

    url = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    link = "http://10.0.0.2:8866/voila/render/app.ipynb?token=Ab3&x=<1>"
    monkeypatch.setenv("QTTT_ROOMS_URL", url)
    monkeypatch.setenv("QUERY_STRING", "")
    monkeypatch.setenv("QTTT_CLASS_JOIN_LINK", link)
    board = page_dashboard("7B")
    try:
        assert [value for _label, value in board.view.options] == ["games", "stats", "join"]
        assert board.join_view.layout.display == "none"
        board.view.value = "join"
        assert board.join_view.layout.display is None
        assert board.games_view.layout.display == "none" == board.stats_view.layout.display
        assert html.escape(link) in board.join_view.value and qr_svg(link) in board.join_view.value
        board.view.value = "games"
        assert board.join_view.layout.display == "none" and board.games_view.layout.display is None
    finally:
        board.close()
    monkeypatch.delenv("QTTT_CLASS_JOIN_LINK")
    plain = Dashboard(RoomStore(url), class_name="7B", refresh=0, baseline_games=50)
    assert [value for _label, value in plain.view.options] == ["games", "stats"]
    plain.close()
