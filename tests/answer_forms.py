"""Students' answers as data: expand the generators of ``tests/data/answer_forms.json``.

The file holds, per exercise, families of templates (``"3, 5 {and} 7"``) whose
``{slots}`` are filled with every form the student's language writes for them, each
set in every sentence frame of that language ("jeg tror {}"). The benchmark
(``benchmarks/bench_reader.py``) expands all of them; the property tests
(``tests/test_reader.py``) draw single forms with hypothesis.
"""

from __future__ import annotations

import itertools
import json
import re
import string
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data" / "answer_forms.json"
LANGS = ("en", "da", "nb", "fi", "it")
_MAX_FILLINGS = 24  # filled forms of one template at most (the product of its slots)


@dataclass(frozen=True)
class Form:
    """One answer a student might give, with what it must get."""

    exercise: str
    family: str
    lang: str
    answer: Any
    right: bool
    reveal: Any  # the truth predict.reveal gets for the same question, or None


def load() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA.read_text("utf-8"))
    return data


def truth_of(spec: Any) -> Any:
    """The reveal truth as Python: a JSON list of squares or marks is a list."""
    return list(spec) if isinstance(spec, list) else spec


def slots_in(template: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(template) if name]


def fillers(data: dict[str, Any], slot: str, lang: str) -> list[str]:
    table = data["slots"][slot]
    return list(table.get(lang, [])) + list(table.get("any", []))


def fillings(data: dict[str, Any], template: Any, lang: str) -> list[Any]:
    """Every text (or Python value) one template stands for in ``lang``."""
    if isinstance(template, dict):
        return [tuple(template["tuple"])]
    names = list(dict.fromkeys(slots_in(template)))
    choices = [fillers(data, name, lang) for name in names]
    out = []
    for combo in itertools.islice(itertools.product(*choices), _MAX_FILLINGS):
        text = template.format(**dict(zip(names, combo, strict=True)))
        out.append(re.sub(r" {2,}", " ", text))
    return out


def framed(data: dict[str, Any], text: Any, lang: str) -> list[Any]:
    if not isinstance(text, str):
        return [text]
    return [frame.format(text) for frame in data["frames"][lang]]


def forms(data: dict[str, Any] | None = None) -> Iterator[Form]:
    """Every generated form, in a fixed order."""
    data = data or load()
    for exercise, spec in data["exercises"].items():
        truth = truth_of(spec["reveal"])
        for family, templates in spec["families"].items():
            for lang in LANGS:
                for right in (True, False):
                    for template in templates["right" if right else "wrong"]:
                        for filled in fillings(data, template, lang):
                            for answer in framed(data, filled, lang):
                                yield Form(exercise, family, lang, answer, right, truth)
