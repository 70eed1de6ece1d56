"""Deal and match records and position strings: exact replay, and clear errors on bad records."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belot.engine import (
    Deal,
    InvalidRecordError,
    Match,
    Play,
    Rules,
    Seat,
    deal_from_record,
    deal_to_record,
    from_position,
    match_from_record,
    match_to_record,
    to_position,
)
from belot.engine.record import dumps, load_any, loads


def random_deal(seed: int, rules: Rules | None = None, stop: int | None = None) -> Deal:
    rng = random.Random(seed)
    deal = Deal(rules, dealer=Seat(seed % 4), seed=seed)
    while not deal.is_over and (stop is None or len(deal.actions) < stop):
        deal.push(rng.choice(deal.legal_actions()))
    return deal


def random_match(seed: int) -> Match:
    match = Match(seed=seed)
    rng = random.Random(seed)
    match.play([lambda view: rng.choice(view.legal)] * 4)
    return match


def same_deal(a: Deal, b: Deal) -> None:
    assert a.actions == b.actions
    assert a.deck == b.deck and a.dealer == b.dealer and a.rules == b.rules
    assert a.result == b.result
    for seat in Seat:
        assert a.view(seat).key() == b.view(seat).key()


RULE_SETS = [
    Rules.bulgarian(),
    Rules.bulgarian(
        passes_after_double=2,
        nt_last_trick=10,
        belot_when_trumping=False,
        declaration_compare="single",
        double_scoring="per_team",
    ),
]


@pytest.mark.parametrize("rules", RULE_SETS)
def test_deal_records_round_trip(rules: Rules) -> None:
    for seed in range(150):
        deal = random_deal(seed, rules)
        text = dumps(deal_to_record(deal))
        again = deal_from_record(loads(text))
        same_deal(deal, again)
        assert deal_to_record(again) == deal_to_record(deal)


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 2**53 - 1),
    rng=st.randoms(use_true_random=False),
    rules=st.sampled_from(RULE_SETS),
    stop=st.none() | st.integers(0, 45),
    dealer=st.sampled_from(list(Seat)),
)
def test_any_deal_replays_from_its_record_and_position(
    seed: int, rng: random.Random, rules: Rules, stop: int | None, dealer: Seat
) -> None:
    deal = Deal(rules, dealer=dealer, seed=seed)
    while not deal.is_over and (stop is None or len(deal.actions) < stop):
        deal.push(rng.choice(deal.legal_actions()))
    same_deal(deal, deal_from_record(loads(dumps(deal))))
    same_deal(deal, from_position(to_position(deal)))


def test_unfinished_deal_round_trips() -> None:
    for stop in (0, 1, 3, 9, 14, 20):
        deal = random_deal(7, stop=stop)
        record = deal_to_record(deal)
        assert "result" not in record
        same_deal(deal, deal_from_record(record))


def test_record_shape() -> None:
    deal = random_deal(3)
    record = json.loads(dumps(deal))
    assert record["format"] == "belot-deal/1"
    assert record["rules"] == {"preset": "bulgarian", "options": {}}
    assert record["dealer"] == "W" and record["seed"] == 3
    assert len(record["deck"]) == 32 and record["actions"][0].startswith("cut:")
    result = record["result"]
    assert result["contract"] == deal.contract.text  # type: ignore[union-attr]
    assert result["written"] == {"NS": deal.result.written[0], "EW": deal.result.written[1]}  # type: ignore[union-attr]
    assert sum(result["tricks"].values()) == 8


def test_seed_only_record_uses_the_seeded_shuffle() -> None:
    deal = random_deal(11)
    record = deal_to_record(deal)
    del record["deck"]
    same_deal(deal, deal_from_record(record))


@pytest.mark.parametrize("rules", RULE_SETS)
def test_position_strings_round_trip(rules: Rules) -> None:
    for seed in range(60):
        deal = random_deal(seed, rules, stop=None if seed % 3 else seed)
        text = to_position(deal)
        assert "\n" not in text and text.startswith("bulgarian")
        again = from_position(text)
        same_deal(deal, again)
        assert to_position(again) == text


def test_position_string_shape_and_errors() -> None:
    deal = Deal(dealer=Seat.N, seed=42)
    for text in ["cut:20", "diamonds", "contra", "spades"]:
        deal.push_str(text)
    position = to_position(deal)
    fields = position.split()
    assert fields[:2] == ["bulgarian", "N"] and fields[3:] == ["20", "d", "x", "s"]
    assert "".join(sorted(fields[2])) == "0123456789abcdefghijklmnopqrstuv"
    with pytest.raises(InvalidRecordError, match="32 distinct"):
        from_position("bulgarian N 0123")
    with pytest.raises(InvalidRecordError, match=r"step 3 \(S\) 'diamonds'"):
        from_position(position.replace(" d x", " d d"))


def test_match_records_round_trip() -> None:
    for seed in range(6):
        match = random_match(seed)
        record = loads(dumps(match))
        again = match_from_record(record)
        assert again.totals == match.totals and again.winner == match.winner
        assert again.sheet.deals == match.sheet.deals
        assert len(again.deals) == len(match.deals)
        for a, b in zip(again.deals, match.deals, strict=True):
            same_deal(a, b)
        assert match_to_record(again) == record
        assert record["winner"] == match.winner.name  # type: ignore[union-attr]


def test_saved_match_resumes_identically() -> None:
    whole = Match(seed=21, dealer=Seat.N)
    rng = random.Random(21)
    actions = []
    while not whole.is_over:
        if whole.deal_over:
            whole.next_deal()
        action = rng.choice(whole.legal_actions())
        actions.append(action)
        whole.push(action)
    # Save a copy part-way (inside the second deal), load it and finish with the same actions.
    part = Match(seed=21, dealer=Seat.N)
    done = 0
    while part.number < 1 or len(part.deal.actions) < 6:
        if part.deal_over:
            part.next_deal()
        part.push(actions[done])
        done += 1
    resumed = match_from_record(loads(dumps(part)))
    assert resumed.deal.actions == part.deal.actions and not resumed.deal_over
    for action in actions[done:]:
        if resumed.deal_over:
            resumed.next_deal()
        resumed.push(action)
    assert resumed.sheet.deals == whole.sheet.deals and resumed.winner == whole.winner
    assert [d.deck for d in resumed.deals] == [d.deck for d in whole.deals]


def test_load_any_tells_deal_from_match() -> None:
    deal = random_deal(2)
    assert isinstance(load_any(dumps(deal)), Deal)
    assert isinstance(load_any(dumps(random_match(2))), Match)


def corrupt(record: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(json.dumps(record))
    out.update(changes)
    return out


@pytest.fixture
def record() -> dict[str, Any]:
    return deal_to_record(random_deal(5))


def test_a_deal_of_a_match_keeps_its_standing() -> None:
    """A deal record carries the match score the deal started at, and reading it back gives
    every view that score; a deal on its own has none, and a bad one is named."""
    from belot.engine.sheet import Standing

    match = random_match(8)
    last_deal = match.deals[-1]
    assert last_deal.standing is not None and last_deal.standing.totals != (0, 0)
    record = loads(dumps(last_deal))
    assert record["standing"] == {
        "NS": last_deal.standing.totals[0],
        "EW": last_deal.standing.totals[1],
        "hanging": last_deal.standing.hanging,
    }
    again = deal_from_record(record)
    assert again.standing == last_deal.standing
    assert again.view(Seat.S).standing == last_deal.standing
    assert "standing" not in deal_to_record(random_deal(3))
    record["standing"] = {"NS": 10, "EW": -4}
    with pytest.raises(InvalidRecordError, match="standing 'EW' must be game points"):
        deal_from_record(record)
    record["standing"] = {"NS": 10, "ew": 4}
    with pytest.raises(InvalidRecordError, match=r"unknown keys \['ew'\]"):
        deal_from_record(record)
    match_record = loads(dumps(match))
    match_record["deals"][-1]["standing"] = "lots"
    last = len(match_record["deals"])
    with pytest.raises(InvalidRecordError, match=f"deal {last}: field 'standing' must be an obj"):
        match_from_record(match_record)
    assert Standing((1, 2)) == deal_from_record({**record, "standing": {"NS": 1, "EW": 2}}).standing


def test_bad_json_and_wrong_shapes() -> None:
    with pytest.raises(InvalidRecordError, match="not valid JSON"):
        loads("{not json")
    with pytest.raises(InvalidRecordError, match="JSON object"):
        loads("[1, 2]")
    with pytest.raises(InvalidRecordError, match="unknown format"):
        load_any('{"format": "chess"}')


def test_unknown_card_in_deck(record: dict[str, Any]) -> None:
    deck = list(record["deck"])
    deck[4] = "1Z"
    with pytest.raises(InvalidRecordError, match=r"deck card 5: unknown card '1Z'"):
        deal_from_record(corrupt(record, deck=deck))


def test_wrong_deck(record: dict[str, Any]) -> None:
    deck = list(record["deck"])
    with pytest.raises(InvalidRecordError, match="31 cards, not 32"):
        deal_from_record(corrupt(record, deck=deck[:-1]))
    deck[0] = deck[1]
    with pytest.raises(InvalidRecordError, match="missing"):
        deal_from_record(corrupt(record, deck=deck))
    swapped = list(record["deck"])
    swapped[0], swapped[1] = swapped[1], swapped[0]
    with pytest.raises(InvalidRecordError, match="not the order that seed 5 shuffles"):
        deal_from_record(corrupt(record, deck=swapped))
    del record["seed"]
    swapped = list(record["deck"])
    swapped[0], swapped[16] = swapped[16], swapped[0]
    # Without the seed the deck is taken as it is: other hands, so an action or the result fails.
    with pytest.raises(InvalidRecordError, match=r"result|step"):
        deal_from_record(corrupt(record, deck=swapped))


def test_illegal_action_names_the_step(record: dict[str, Any]) -> None:
    actions = list(record["actions"])
    deal = deal_from_record(record)
    # Replace the 12th action (a card) with a card the player does not hold.
    step = 12
    probe = Deal(deal.rules, dealer=deal.dealer, deck=deal.deck)
    for text in actions[: step - 1]:
        probe.push_str(text)
    seat = probe.turn
    assert seat is not None
    foreign = next(c for c in probe.dealt_hand(seat.partner) if c in probe.hand(seat.partner))
    actions[step - 1] = str(foreign)
    with pytest.raises(InvalidRecordError, match=rf"step {step} \({seat.name}\) '{foreign}'"):
        deal_from_record(corrupt(record, actions=actions))


def test_unparsable_action_names_the_step(record: dict[str, Any]) -> None:
    actions = list(record["actions"])
    actions[2] = "bogus"
    with pytest.raises(InvalidRecordError, match=r"step 3 .*unknown action 'bogus'"):
        deal_from_record(corrupt(record, actions=actions))
    actions[2] = 17
    with pytest.raises(InvalidRecordError, match="step 3"):
        deal_from_record(corrupt(record, actions=actions))


def test_a_silent_bela_outside_bela_names_the_step(record: dict[str, Any]) -> None:
    """``KH-silent`` reads as an action everywhere, but only Bela lets a belot be kept silent."""
    actions = list(record["actions"])
    deal = deal_from_record(record)
    step = next(i for i, a in enumerate(deal.actions, 1) if isinstance(a, Play))
    actions[step - 1] += "-silent"
    refused = rf"step {step} \(\w\) '{actions[step - 1]}': .*only in Bela"
    with pytest.raises(InvalidRecordError, match=refused):
        deal_from_record(corrupt(record, actions=actions))


def test_result_is_checked(record: dict[str, Any]) -> None:
    result = dict(record["result"])
    result["written"] = {"NS": 99, "EW": 0}
    with pytest.raises(InvalidRecordError, match="result written"):
        deal_from_record(corrupt(record, result=result))
    with pytest.raises(InvalidRecordError, match="do not finish"):
        deal_from_record(corrupt(record, actions=record["actions"][:-1]))


def test_bad_rules_dealer_seed(record: dict[str, Any]) -> None:
    with pytest.raises(InvalidRecordError, match="rules: unknown rules option"):
        deal_from_record(corrupt(record, rules={"preset": "bulgarian", "options": {"x": 1}}))
    with pytest.raises(InvalidRecordError, match="dealer"):
        deal_from_record(corrupt(record, dealer="Q"))
    with pytest.raises(InvalidRecordError, match="seed"):
        deal_from_record(corrupt(record, seed=[1]))


def test_corrupt_match_records() -> None:
    record = loads(dumps(random_match(3)))
    bad = json.loads(json.dumps(record))
    bad["deals"][1]["actions"][3] = "bogus"
    with pytest.raises(InvalidRecordError, match="deal 2: step 4"):
        match_from_record(bad)
    bad = json.loads(json.dumps(record))
    bad["deals"][1]["dealer"] = bad["deals"][0]["dealer"]
    with pytest.raises(InvalidRecordError, match="deal 2"):
        match_from_record(bad)
    bad = json.loads(json.dumps(record))
    bad["sheet"][0]["totals"]["NS"] += 1
    with pytest.raises(InvalidRecordError, match="sheet line"):
        match_from_record(bad)
    bad = json.loads(json.dumps(record))
    bad["winner"] = "EW" if record["winner"] == "NS" else "NS"
    with pytest.raises(InvalidRecordError, match="winner"):
        match_from_record(bad)
    bad = json.loads(json.dumps(record))
    bad["deals"].append(bad["deals"][-1])
    with pytest.raises(InvalidRecordError, match="already over"):
        match_from_record(bad)
