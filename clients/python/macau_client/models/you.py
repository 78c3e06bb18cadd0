from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.announce_move import AnnounceMove
    from ..models.catch_move import CatchMove
    from ..models.choose_pass_card_move import ChoosePassCardMove
    from ..models.draw_move import DrawMove
    from ..models.listed_play_move import ListedPlayMove
    from ..models.pass_move import PassMove


T = TypeVar("T", bound="You")


@_attrs_define
class You:
    """
    Attributes:
        seat (int):
        player_id (None | str):
        hand (list[str]):
        legal_moves (list[AnnounceMove | CatchMove | ChoosePassCardMove | DrawMove | ListedPlayMove | PassMove]):
        legal_moves_truncated (bool):
    """

    seat: int
    player_id: None | str
    hand: list[str]
    legal_moves: list[AnnounceMove | CatchMove | ChoosePassCardMove | DrawMove | ListedPlayMove | PassMove]
    legal_moves_truncated: bool

    def to_dict(self) -> dict[str, Any]:
        from ..models.announce_move import AnnounceMove  # noqa: PLC0415
        from ..models.catch_move import CatchMove  # noqa: PLC0415
        from ..models.draw_move import DrawMove  # noqa: PLC0415
        from ..models.listed_play_move import ListedPlayMove  # noqa: PLC0415
        from ..models.pass_move import PassMove  # noqa: PLC0415

        seat = self.seat

        player_id: None | str
        player_id = self.player_id

        hand = self.hand

        legal_moves = []
        for legal_moves_item_data in self.legal_moves:
            legal_moves_item: dict[str, Any]
            if isinstance(legal_moves_item_data, ListedPlayMove):
                legal_moves_item = legal_moves_item_data.to_dict()
            elif isinstance(legal_moves_item_data, DrawMove):
                legal_moves_item = legal_moves_item_data.to_dict()
            elif isinstance(legal_moves_item_data, PassMove):
                legal_moves_item = legal_moves_item_data.to_dict()
            elif isinstance(legal_moves_item_data, AnnounceMove):
                legal_moves_item = legal_moves_item_data.to_dict()
            elif isinstance(legal_moves_item_data, CatchMove):
                legal_moves_item = legal_moves_item_data.to_dict()
            else:
                legal_moves_item = legal_moves_item_data.to_dict()

            legal_moves.append(legal_moves_item)

        legal_moves_truncated = self.legal_moves_truncated

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "player_id": player_id,
                "hand": hand,
                "legal_moves": legal_moves,
                "legal_moves_truncated": legal_moves_truncated,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.announce_move import AnnounceMove  # noqa: PLC0415
        from ..models.catch_move import CatchMove  # noqa: PLC0415
        from ..models.choose_pass_card_move import ChoosePassCardMove  # noqa: PLC0415
        from ..models.draw_move import DrawMove  # noqa: PLC0415
        from ..models.listed_play_move import ListedPlayMove  # noqa: PLC0415
        from ..models.pass_move import PassMove  # noqa: PLC0415

        d = dict(src_dict)
        seat = d.pop("seat")

        def _parse_player_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        player_id = _parse_player_id(d.pop("player_id"))

        hand = cast(list[str], d.pop("hand"))

        legal_moves = []
        _legal_moves = d.pop("legal_moves")
        for legal_moves_item_data in _legal_moves:

            def _parse_legal_moves_item(
                data: object,
            ) -> AnnounceMove | CatchMove | ChoosePassCardMove | DrawMove | ListedPlayMove | PassMove:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_legal_move_type_0 = ListedPlayMove.from_dict(data)

                    return componentsschemas_legal_move_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_legal_move_type_1 = DrawMove.from_dict(data)

                    return componentsschemas_legal_move_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_legal_move_type_2 = PassMove.from_dict(data)

                    return componentsschemas_legal_move_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_legal_move_type_3 = AnnounceMove.from_dict(data)

                    return componentsschemas_legal_move_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_legal_move_type_4 = CatchMove.from_dict(data)

                    return componentsschemas_legal_move_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_legal_move_type_5 = ChoosePassCardMove.from_dict(data)

                return componentsschemas_legal_move_type_5

            legal_moves_item = _parse_legal_moves_item(legal_moves_item_data)

            legal_moves.append(legal_moves_item)

        legal_moves_truncated = d.pop("legal_moves_truncated")

        you = cls(
            seat=seat,
            player_id=player_id,
            hand=hand,
            legal_moves=legal_moves,
            legal_moves_truncated=legal_moves_truncated,
        )

        return you
