"""The packages keep their floors (service → workers → games → events → domain, bench on
top) and no module imports itself back through others (tools/floors.py)."""

from tools.floors import cycles, graph, upward


def test_every_import_points_down_and_none_goes_round():
    g = graph()
    assert {"service.http", "workers.jobs", "games.service", "events.codec", "domain.game"} <= set(g)
    assert upward(g) == []
    assert cycles(g) == []


def test_an_upward_import_and_a_cycle_are_found():
    g = {"games.service": {"service.http"}, "service.http": {"service.wiring"}, "service.wiring": {"service.http"},
         "domain.cards": set()}
    assert upward(g) == [("games.service", "service.http")]
    assert cycles(g) == [["service.http", "service.wiring"]]
