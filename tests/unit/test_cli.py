"""The macau command dispatches to its subcommands (the slow ones are covered by e2e)."""

import json

from service.cli import main


def test_simulate_takes_its_own_options(capsys):
    assert main(["simulate", "--variant", "makao", "--seats", "normal,easy", "--games", "4", "--processes", "1",
                 "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()[-1]
    result = json.loads(out)
    assert result["variant"] == "makao" and result["games"] == 4
    assert set(result["levels"]) == {"normal", "easy"}


def test_openapi_prints_the_document(capsys):
    assert main(["openapi"]) == 0
    assert "openapi: 3.0.3" in capsys.readouterr().out
