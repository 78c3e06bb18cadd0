from typing import Literal

ListGamesVariantType2Type1 = Literal["custom", "macau", "makao", "mau_mau", "plawno", "romanian", "switch", "tel_aviv"]

LIST_GAMES_VARIANT_TYPE_2_TYPE_1_VALUES: set[ListGamesVariantType2Type1] = {
    "custom",
    "macau",
    "makao",
    "mau_mau",
    "plawno",
    "romanian",
    "switch",
    "tel_aviv",
}


def check_list_games_variant_type_2_type_1(value: str) -> ListGamesVariantType2Type1:
    if value in LIST_GAMES_VARIANT_TYPE_2_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_GAMES_VARIANT_TYPE_2_TYPE_1_VALUES!r}")
