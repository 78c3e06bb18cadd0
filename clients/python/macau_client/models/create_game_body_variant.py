from typing import Literal

CreateGameBodyVariant = Literal["custom", "macau", "makao", "mau_mau", "plawno", "romanian", "switch", "tel_aviv"]

CREATE_GAME_BODY_VARIANT_VALUES: set[CreateGameBodyVariant] = {
    "custom",
    "macau",
    "makao",
    "mau_mau",
    "plawno",
    "romanian",
    "switch",
    "tel_aviv",
}


def check_create_game_body_variant(value: str) -> CreateGameBodyVariant:
    if value in CREATE_GAME_BODY_VARIANT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CREATE_GAME_BODY_VARIANT_VALUES!r}")
