from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.turn_frame_reasons_item import TurnFrameReasonsItem, check_turn_frame_reasons_item
from ..models.turn_frame_type import TurnFrameType, check_turn_frame_type

if TYPE_CHECKING:
    from ..models.announce_move import AnnounceMove
    from ..models.catch_move import CatchMove
    from ..models.choose_pass_card_move import ChoosePassCardMove
    from ..models.draw_move import DrawMove
    from ..models.game_view import GameView
    from ..models.listed_play_move import ListedPlayMove
    from ..models.pass_move import PassMove


T = TypeVar("T", bound="TurnFrame")


@_attrs_define
class TurnFrame:
    """
    Attributes:
        type_ (TurnFrameType):
        game_id (str): a game's id
        seat (int):
        version (int): the game's version these moves are for
        reasons (list[TurnFrameReasonsItem]): why the seat may act: its turn (with a pending draw or skip aimed at it),
            a pass card to choose, its own last-card call, an opponent's missed call to catch
        legal_moves (list[AnnounceMove | CatchMove | ChoosePassCardMove | DrawMove | ListedPlayMove | PassMove]):
        legal_moves_truncated (bool):
        hand (list[str]):
        turn_deadline (datetime.datetime | None):
        window_deadline (datetime.datetime | None):
        game (GameView):
    """

    type_: TurnFrameType
    game_id: str
    seat: int
    version: int
    reasons: list[TurnFrameReasonsItem]
    legal_moves: list[AnnounceMove | CatchMove | ChoosePassCardMove | DrawMove | ListedPlayMove | PassMove]
    legal_moves_truncated: bool
    hand: list[str]
    turn_deadline: datetime.datetime | None
    window_deadline: datetime.datetime | None
    game: GameView

    def to_dict(self) -> dict[str, Any]:
        from ..models.announce_move import AnnounceMove  # noqa: PLC0415
        from ..models.catch_move import CatchMove  # noqa: PLC0415
        from ..models.draw_move import DrawMove  # noqa: PLC0415
        from ..models.listed_play_move import ListedPlayMove  # noqa: PLC0415
        from ..models.pass_move import PassMove  # noqa: PLC0415

        type_: str = self.type_

        game_id = self.game_id

        seat = self.seat

        version = self.version

        reasons = []
        for reasons_item_data in self.reasons:
            reasons_item: str = reasons_item_data
            reasons.append(reasons_item)

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

        hand = self.hand

        turn_deadline: None | str
        if isinstance(self.turn_deadline, datetime.datetime):
            turn_deadline = self.turn_deadline.isoformat()
        else:
            turn_deadline = self.turn_deadline

        window_deadline: None | str
        if isinstance(self.window_deadline, datetime.datetime):
            window_deadline = self.window_deadline.isoformat()
        else:
            window_deadline = self.window_deadline

        game = self.game.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "game_id": game_id,
                "seat": seat,
                "version": version,
                "reasons": reasons,
                "legal_moves": legal_moves,
                "legal_moves_truncated": legal_moves_truncated,
                "hand": hand,
                "turn_deadline": turn_deadline,
                "window_deadline": window_deadline,
                "game": game,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.announce_move import AnnounceMove  # noqa: PLC0415
        from ..models.catch_move import CatchMove  # noqa: PLC0415
        from ..models.choose_pass_card_move import ChoosePassCardMove  # noqa: PLC0415
        from ..models.draw_move import DrawMove  # noqa: PLC0415
        from ..models.game_view import GameView  # noqa: PLC0415
        from ..models.listed_play_move import ListedPlayMove  # noqa: PLC0415
        from ..models.pass_move import PassMove  # noqa: PLC0415

        d = dict(src_dict)
        type_ = check_turn_frame_type(d.pop("type"))

        game_id = d.pop("game_id")

        seat = d.pop("seat")

        version = d.pop("version")

        reasons = []
        _reasons = d.pop("reasons")
        for reasons_item_data in _reasons:
            reasons_item = check_turn_frame_reasons_item(reasons_item_data)

            reasons.append(reasons_item)

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

        hand = cast(list[str], d.pop("hand"))

        def _parse_turn_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                turn_deadline_type_0 = datetime.datetime.fromisoformat(data)

                return turn_deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        turn_deadline = _parse_turn_deadline(d.pop("turn_deadline"))

        def _parse_window_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                window_deadline_type_0 = datetime.datetime.fromisoformat(data)

                return window_deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        window_deadline = _parse_window_deadline(d.pop("window_deadline"))

        game = GameView.from_dict(d.pop("game"))

        turn_frame = cls(
            type_=type_,
            game_id=game_id,
            seat=seat,
            version=version,
            reasons=reasons,
            legal_moves=legal_moves,
            legal_moves_truncated=legal_moves_truncated,
            hand=hand,
            turn_deadline=turn_deadline,
            window_deadline=window_deadline,
            game=game,
        )

        return turn_frame
