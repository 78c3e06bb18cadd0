from typing import Literal

GetLeaderboardAroundType3Type1 = Literal["me"]

GET_LEADERBOARD_AROUND_TYPE_3_TYPE_1_VALUES: set[GetLeaderboardAroundType3Type1] = {
    "me",
}


def check_get_leaderboard_around_type_3_type_1(value: str) -> GetLeaderboardAroundType3Type1:
    if value in GET_LEADERBOARD_AROUND_TYPE_3_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GET_LEADERBOARD_AROUND_TYPE_3_TYPE_1_VALUES!r}")
