from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.closed_reason import ClosedReason, check_closed_reason
from ..models.direction import Direction, check_direction
from ..models.game_status import GameStatus, check_game_status
from ..models.rank import Rank, check_rank
from ..models.suit import Suit, check_suit
from ..models.variant_id import VariantId, check_variant_id
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.announcement import Announcement
    from ..models.config import Config
    from ..models.pending import Pending
    from ..models.replay_rules import ReplayRules
    from ..models.result import Result
    from ..models.seat import Seat
    from ..models.you import You


T = TypeVar("T", bound="Replay")


@_attrs_define
class Replay:
    """
    Attributes:
        game_id (str): a game's id
        variant (VariantId): a preset, or `custom` (a preset's rules with overrides)
        status (GameStatus):
        version (int):
        round_ (int): the round being played or last played, numbered from 1; 0 before the first deal
        seeded (bool): created with a `seed`: its creator may know every card, so such a table is never public
        fixed_deal (bool): created with a fixed `deal`: its creator knows the cards, so such a table is never public
        seats (list[Seat]):
        dealer_seat (int | None):
        current_seat (int | None):
        direction (Direction): clockwise or counter-clockwise
        top_card (None | str):
        discard_size (int):
        stock_size (int):
        effective_suit (None | Suit):
        effective_rank (None | Rank):
        pending (Pending):
        announcement (Announcement | None):
        turn_deadline (datetime.datetime | None):
        result (None | Result):
        at (int):
        discard (list[str]): the discard pile, bottom first
        rules (ReplayRules):
        seed (str):
        closed_reason (ClosedReason | None | Unset):
        top_card_as (None | str | Unset): Pławno: the card a top joker stands for
        free_play (bool | Unset):
        scores (list[int] | Unset):
        call_word (str | Unset):
        config (Config | Unset):
        fill_with_bots_at (datetime.datetime | None | Unset):
        created_at (datetime.datetime | Unset):
        updated_at (datetime.datetime | Unset):
        rematch_game_id (None | str | Unset): a finished game played again: the new game's id (event `rematch_offered`);
            null otherwise
        rematch_of (None | str | Unset): the game this one plays again (a rematch); null otherwise
        rated (bool | Unset): whether the game counts for its players' ratings
        you (You | Unset):
        hands (list[list[str]] | Unset): auditor only
        stock (list[str] | Unset): auditor only; top first
    """

    game_id: str
    variant: VariantId
    status: GameStatus
    version: int
    round_: int
    seeded: bool
    fixed_deal: bool
    seats: list[Seat]
    dealer_seat: int | None
    current_seat: int | None
    direction: Direction
    top_card: None | str
    discard_size: int
    stock_size: int
    effective_suit: None | Suit
    effective_rank: None | Rank
    pending: Pending
    announcement: Announcement | None
    turn_deadline: datetime.datetime | None
    result: None | Result
    at: int
    discard: list[str]
    rules: ReplayRules
    seed: str
    closed_reason: ClosedReason | None | Unset = UNSET
    top_card_as: None | str | Unset = UNSET
    free_play: bool | Unset = UNSET
    scores: list[int] | Unset = UNSET
    call_word: str | Unset = UNSET
    config: Config | Unset = UNSET
    fill_with_bots_at: datetime.datetime | None | Unset = UNSET
    created_at: datetime.datetime | Unset = UNSET
    updated_at: datetime.datetime | Unset = UNSET
    rematch_game_id: None | str | Unset = UNSET
    rematch_of: None | str | Unset = UNSET
    rated: bool | Unset = UNSET
    you: You | Unset = UNSET
    hands: list[list[str]] | Unset = UNSET
    stock: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.announcement import Announcement  # noqa: PLC0415
        from ..models.result import Result  # noqa: PLC0415

        game_id = self.game_id

        variant: str = self.variant

        status: str = self.status

        version = self.version

        round_ = self.round_

        seeded = self.seeded

        fixed_deal = self.fixed_deal

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        dealer_seat: int | None
        dealer_seat = self.dealer_seat

        current_seat: int | None
        current_seat = self.current_seat

        direction: str = self.direction

        top_card: None | str
        top_card = self.top_card

        discard_size = self.discard_size

        stock_size = self.stock_size

        effective_suit: None | str
        if isinstance(self.effective_suit, str):
            effective_suit = self.effective_suit
        else:
            effective_suit = self.effective_suit

        effective_rank: None | str
        if isinstance(self.effective_rank, str):
            effective_rank = self.effective_rank
        else:
            effective_rank = self.effective_rank

        pending = self.pending.to_dict()

        announcement: dict[str, Any] | None
        if isinstance(self.announcement, Announcement):
            announcement = self.announcement.to_dict()
        else:
            announcement = self.announcement

        turn_deadline: None | str
        if isinstance(self.turn_deadline, datetime.datetime):
            turn_deadline = self.turn_deadline.isoformat()
        else:
            turn_deadline = self.turn_deadline

        result: dict[str, Any] | None
        if isinstance(self.result, Result):
            result = self.result.to_dict()
        else:
            result = self.result

        at = self.at

        discard = self.discard

        rules = self.rules.to_dict()

        seed = self.seed

        closed_reason: None | str | Unset
        if isinstance(self.closed_reason, Unset):
            closed_reason = UNSET
        elif isinstance(self.closed_reason, str):
            closed_reason = self.closed_reason
        else:
            closed_reason = self.closed_reason

        top_card_as: None | str | Unset
        if isinstance(self.top_card_as, Unset):
            top_card_as = UNSET
        else:
            top_card_as = self.top_card_as

        free_play = self.free_play

        scores: list[int] | Unset = UNSET
        if not isinstance(self.scores, Unset):
            scores = self.scores

        call_word = self.call_word

        config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.config, Unset):
            config = self.config.to_dict()

        fill_with_bots_at: None | str | Unset
        if isinstance(self.fill_with_bots_at, Unset):
            fill_with_bots_at = UNSET
        elif isinstance(self.fill_with_bots_at, datetime.datetime):
            fill_with_bots_at = self.fill_with_bots_at.isoformat()
        else:
            fill_with_bots_at = self.fill_with_bots_at

        created_at: str | Unset = UNSET
        if not isinstance(self.created_at, Unset):
            created_at = self.created_at.isoformat()

        updated_at: str | Unset = UNSET
        if not isinstance(self.updated_at, Unset):
            updated_at = self.updated_at.isoformat()

        rematch_game_id: None | str | Unset
        if isinstance(self.rematch_game_id, Unset):
            rematch_game_id = UNSET
        else:
            rematch_game_id = self.rematch_game_id

        rematch_of: None | str | Unset
        if isinstance(self.rematch_of, Unset):
            rematch_of = UNSET
        else:
            rematch_of = self.rematch_of

        rated = self.rated

        you: dict[str, Any] | Unset = UNSET
        if not isinstance(self.you, Unset):
            you = self.you.to_dict()

        hands: list[list[str]] | Unset = UNSET
        if not isinstance(self.hands, Unset):
            hands = []
            for hands_item_data in self.hands:
                hands_item = hands_item_data

                hands.append(hands_item)

        stock: list[str] | Unset = UNSET
        if not isinstance(self.stock, Unset):
            stock = self.stock

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "variant": variant,
                "status": status,
                "version": version,
                "round": round_,
                "seeded": seeded,
                "fixed_deal": fixed_deal,
                "seats": seats,
                "dealer_seat": dealer_seat,
                "current_seat": current_seat,
                "direction": direction,
                "top_card": top_card,
                "discard_size": discard_size,
                "stock_size": stock_size,
                "effective_suit": effective_suit,
                "effective_rank": effective_rank,
                "pending": pending,
                "announcement": announcement,
                "turn_deadline": turn_deadline,
                "result": result,
                "at": at,
                "discard": discard,
                "rules": rules,
                "seed": seed,
            }
        )
        if closed_reason is not UNSET:
            field_dict["closed_reason"] = closed_reason
        if top_card_as is not UNSET:
            field_dict["top_card_as"] = top_card_as
        if free_play is not UNSET:
            field_dict["free_play"] = free_play
        if scores is not UNSET:
            field_dict["scores"] = scores
        if call_word is not UNSET:
            field_dict["call_word"] = call_word
        if config is not UNSET:
            field_dict["config"] = config
        if fill_with_bots_at is not UNSET:
            field_dict["fill_with_bots_at"] = fill_with_bots_at
        if created_at is not UNSET:
            field_dict["created_at"] = created_at
        if updated_at is not UNSET:
            field_dict["updated_at"] = updated_at
        if rematch_game_id is not UNSET:
            field_dict["rematch_game_id"] = rematch_game_id
        if rematch_of is not UNSET:
            field_dict["rematch_of"] = rematch_of
        if rated is not UNSET:
            field_dict["rated"] = rated
        if you is not UNSET:
            field_dict["you"] = you
        if hands is not UNSET:
            field_dict["hands"] = hands
        if stock is not UNSET:
            field_dict["stock"] = stock

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.announcement import Announcement  # noqa: PLC0415
        from ..models.config import Config  # noqa: PLC0415
        from ..models.pending import Pending  # noqa: PLC0415
        from ..models.replay_rules import ReplayRules  # noqa: PLC0415
        from ..models.result import Result  # noqa: PLC0415
        from ..models.seat import Seat  # noqa: PLC0415
        from ..models.you import You  # noqa: PLC0415

        d = dict(src_dict)
        game_id = d.pop("game_id")

        variant = check_variant_id(d.pop("variant"))

        status = check_game_status(d.pop("status"))

        version = d.pop("version")

        round_ = d.pop("round")

        seeded = d.pop("seeded")

        fixed_deal = d.pop("fixed_deal")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = Seat.from_dict(seats_item_data)

            seats.append(seats_item)

        def _parse_dealer_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        dealer_seat = _parse_dealer_seat(d.pop("dealer_seat"))

        def _parse_current_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        current_seat = _parse_current_seat(d.pop("current_seat"))

        direction = check_direction(d.pop("direction"))

        def _parse_top_card(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        top_card = _parse_top_card(d.pop("top_card"))

        discard_size = d.pop("discard_size")

        stock_size = d.pop("stock_size")

        def _parse_effective_suit(data: object) -> None | Suit:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                effective_suit_type_0 = check_suit(data)

                return effective_suit_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Suit, data)

        effective_suit = _parse_effective_suit(d.pop("effective_suit"))

        def _parse_effective_rank(data: object) -> None | Rank:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                effective_rank_type_0 = check_rank(data)

                return effective_rank_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Rank, data)

        effective_rank = _parse_effective_rank(d.pop("effective_rank"))

        pending = Pending.from_dict(d.pop("pending"))

        def _parse_announcement(data: object) -> Announcement | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                announcement_type_1 = Announcement.from_dict(data)

                return announcement_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Announcement | None, data)

        announcement = _parse_announcement(d.pop("announcement"))

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

        def _parse_result(data: object) -> None | Result:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_1 = Result.from_dict(data)

                return result_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Result, data)

        result = _parse_result(d.pop("result"))

        at = d.pop("at")

        discard = cast(list[str], d.pop("discard"))

        rules = ReplayRules.from_dict(d.pop("rules"))

        seed = d.pop("seed")

        def _parse_closed_reason(data: object) -> ClosedReason | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                closed_reason_type_0 = check_closed_reason(data)

                return closed_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClosedReason | None | Unset, data)

        closed_reason = _parse_closed_reason(d.pop("closed_reason", UNSET))

        def _parse_top_card_as(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        top_card_as = _parse_top_card_as(d.pop("top_card_as", UNSET))

        free_play = d.pop("free_play", UNSET)

        scores = cast(list[int], d.pop("scores", UNSET))

        call_word = d.pop("call_word", UNSET)

        _config = d.pop("config", UNSET)
        config: Config | Unset
        if isinstance(_config, Unset):
            config = UNSET
        else:
            config = Config.from_dict(_config)

        def _parse_fill_with_bots_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fill_with_bots_at_type_0 = datetime.datetime.fromisoformat(data)

                return fill_with_bots_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        fill_with_bots_at = _parse_fill_with_bots_at(d.pop("fill_with_bots_at", UNSET))

        _created_at = d.pop("created_at", UNSET)
        created_at: datetime.datetime | Unset
        if isinstance(_created_at, Unset):
            created_at = UNSET
        else:
            created_at = datetime.datetime.fromisoformat(_created_at)

        _updated_at = d.pop("updated_at", UNSET)
        updated_at: datetime.datetime | Unset
        if isinstance(_updated_at, Unset):
            updated_at = UNSET
        else:
            updated_at = datetime.datetime.fromisoformat(_updated_at)

        def _parse_rematch_game_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rematch_game_id = _parse_rematch_game_id(d.pop("rematch_game_id", UNSET))

        def _parse_rematch_of(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rematch_of = _parse_rematch_of(d.pop("rematch_of", UNSET))

        rated = d.pop("rated", UNSET)

        _you = d.pop("you", UNSET)
        you: You | Unset
        if isinstance(_you, Unset):
            you = UNSET
        else:
            you = You.from_dict(_you)

        _hands = d.pop("hands", UNSET)
        hands: list[list[str]] | Unset = UNSET
        if _hands is not UNSET:
            hands = []
            for hands_item_data in _hands:
                hands_item = cast(list[str], hands_item_data)

                hands.append(hands_item)

        stock = cast(list[str], d.pop("stock", UNSET))

        replay = cls(
            game_id=game_id,
            variant=variant,
            status=status,
            version=version,
            round_=round_,
            seeded=seeded,
            fixed_deal=fixed_deal,
            seats=seats,
            dealer_seat=dealer_seat,
            current_seat=current_seat,
            direction=direction,
            top_card=top_card,
            discard_size=discard_size,
            stock_size=stock_size,
            effective_suit=effective_suit,
            effective_rank=effective_rank,
            pending=pending,
            announcement=announcement,
            turn_deadline=turn_deadline,
            result=result,
            at=at,
            discard=discard,
            rules=rules,
            seed=seed,
            closed_reason=closed_reason,
            top_card_as=top_card_as,
            free_play=free_play,
            scores=scores,
            call_word=call_word,
            config=config,
            fill_with_bots_at=fill_with_bots_at,
            created_at=created_at,
            updated_at=updated_at,
            rematch_game_id=rematch_game_id,
            rematch_of=rematch_of,
            rated=rated,
            you=you,
            hands=hands,
            stock=stock,
        )

        return replay
