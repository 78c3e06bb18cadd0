from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.autopilot_changed_event import AutopilotChangedEvent
    from ..models.bonus_turns_granted_event import BonusTurnsGrantedEvent
    from ..models.bot_joined_event import BotJoinedEvent
    from ..models.call_made_event import CallMadeEvent
    from ..models.call_penalty_applied_event import CallPenaltyAppliedEvent
    from ..models.call_window_closed_event import CallWindowClosedEvent
    from ..models.call_window_opened_event import CallWindowOpenedEvent
    from ..models.card_played_event import CardPlayedEvent
    from ..models.cards_drawn_event import CardsDrawnEvent
    from ..models.cards_passed_event import CardsPassedEvent
    from ..models.chain_cancelled_event import ChainCancelledEvent
    from ..models.direction_changed_event import DirectionChangedEvent
    from ..models.draw_pending_event import DrawPendingEvent
    from ..models.false_catch_penalized_event import FalseCatchPenalizedEvent
    from ..models.follow_up_required_event import FollowUpRequiredEvent
    from ..models.game_created_event import GameCreatedEvent
    from ..models.game_ended_event import GameEndedEvent
    from ..models.game_started_event import GameStartedEvent
    from ..models.going_out_deferred_event import GoingOutDeferredEvent
    from ..models.hands_swapped_event import HandsSwappedEvent
    from ..models.pass_card_chosen_event import PassCardChosenEvent
    from ..models.pass_cards_requested_event import PassCardsRequestedEvent
    from ..models.penalty_taken_event import PenaltyTakenEvent
    from ..models.player_joined_event import PlayerJoinedEvent
    from ..models.player_left_event import PlayerLeftEvent
    from ..models.player_out_event import PlayerOutEvent
    from ..models.player_passed_event import PlayerPassedEvent
    from ..models.rematch_offered_event import RematchOfferedEvent
    from ..models.round_ended_event import RoundEndedEvent
    from ..models.round_started_event import RoundStartedEvent
    from ..models.skip_accepted_event import SkipAcceptedEvent
    from ..models.skip_pending_event import SkipPendingEvent
    from ..models.skip_robin_declined_event import SkipRobinDeclinedEvent
    from ..models.skip_robin_ended_event import SkipRobinEndedEvent
    from ..models.skip_robin_joined_event import SkipRobinJoinedEvent
    from ..models.skip_robin_started_event import SkipRobinStartedEvent
    from ..models.stock_reshuffled_event import StockReshuffledEvent
    from ..models.table_expired_event import TableExpiredEvent
    from ..models.turn_frame import TurnFrame
    from ..models.turn_skipped_event import TurnSkippedEvent
    from ..models.turn_started_event import TurnStartedEvent
    from ..models.turn_timed_out_event import TurnTimedOutEvent
    from ..models.wish_expired_event import WishExpiredEvent
    from ..models.wish_fulfilled_event import WishFulfilledEvent
    from ..models.wish_set_event import WishSetEvent


T = TypeVar("T", bound="EventPage")


@_attrs_define
class EventPage:
    """
    Attributes:
        version (int):
        events (list[AutopilotChangedEvent | BonusTurnsGrantedEvent | BotJoinedEvent | CallMadeEvent |
            CallPenaltyAppliedEvent | CallWindowClosedEvent | CallWindowOpenedEvent | CardPlayedEvent | CardsDrawnEvent |
            CardsPassedEvent | ChainCancelledEvent | DirectionChangedEvent | DrawPendingEvent | FalseCatchPenalizedEvent |
            FollowUpRequiredEvent | GameCreatedEvent | GameEndedEvent | GameStartedEvent | GoingOutDeferredEvent |
            HandsSwappedEvent | PassCardChosenEvent | PassCardsRequestedEvent | PenaltyTakenEvent | PlayerJoinedEvent |
            PlayerLeftEvent | PlayerOutEvent | PlayerPassedEvent | RematchOfferedEvent | RoundEndedEvent | RoundStartedEvent
            | SkipAcceptedEvent | SkipPendingEvent | SkipRobinDeclinedEvent | SkipRobinEndedEvent | SkipRobinJoinedEvent |
            SkipRobinStartedEvent | StockReshuffledEvent | TableExpiredEvent | TurnSkippedEvent | TurnStartedEvent |
            TurnTimedOutEvent | WishExpiredEvent | WishFulfilledEvent | WishSetEvent]):
        turn (None | TurnFrame): with a seat token: the seat's turn frame at `version` when it has something to do then,
            else null
    """

    version: int
    events: list[
        AutopilotChangedEvent
        | BonusTurnsGrantedEvent
        | BotJoinedEvent
        | CallMadeEvent
        | CallPenaltyAppliedEvent
        | CallWindowClosedEvent
        | CallWindowOpenedEvent
        | CardPlayedEvent
        | CardsDrawnEvent
        | CardsPassedEvent
        | ChainCancelledEvent
        | DirectionChangedEvent
        | DrawPendingEvent
        | FalseCatchPenalizedEvent
        | FollowUpRequiredEvent
        | GameCreatedEvent
        | GameEndedEvent
        | GameStartedEvent
        | GoingOutDeferredEvent
        | HandsSwappedEvent
        | PassCardChosenEvent
        | PassCardsRequestedEvent
        | PenaltyTakenEvent
        | PlayerJoinedEvent
        | PlayerLeftEvent
        | PlayerOutEvent
        | PlayerPassedEvent
        | RematchOfferedEvent
        | RoundEndedEvent
        | RoundStartedEvent
        | SkipAcceptedEvent
        | SkipPendingEvent
        | SkipRobinDeclinedEvent
        | SkipRobinEndedEvent
        | SkipRobinJoinedEvent
        | SkipRobinStartedEvent
        | StockReshuffledEvent
        | TableExpiredEvent
        | TurnSkippedEvent
        | TurnStartedEvent
        | TurnTimedOutEvent
        | WishExpiredEvent
        | WishFulfilledEvent
        | WishSetEvent
    ]
    turn: None | TurnFrame

    def to_dict(self) -> dict[str, Any]:
        from ..models.autopilot_changed_event import AutopilotChangedEvent  # noqa: PLC0415
        from ..models.bonus_turns_granted_event import BonusTurnsGrantedEvent  # noqa: PLC0415
        from ..models.bot_joined_event import BotJoinedEvent  # noqa: PLC0415
        from ..models.call_made_event import CallMadeEvent  # noqa: PLC0415
        from ..models.call_penalty_applied_event import CallPenaltyAppliedEvent  # noqa: PLC0415
        from ..models.call_window_closed_event import CallWindowClosedEvent  # noqa: PLC0415
        from ..models.call_window_opened_event import CallWindowOpenedEvent  # noqa: PLC0415
        from ..models.card_played_event import CardPlayedEvent  # noqa: PLC0415
        from ..models.cards_drawn_event import CardsDrawnEvent  # noqa: PLC0415
        from ..models.cards_passed_event import CardsPassedEvent  # noqa: PLC0415
        from ..models.chain_cancelled_event import ChainCancelledEvent  # noqa: PLC0415
        from ..models.direction_changed_event import DirectionChangedEvent  # noqa: PLC0415
        from ..models.draw_pending_event import DrawPendingEvent  # noqa: PLC0415
        from ..models.false_catch_penalized_event import FalseCatchPenalizedEvent  # noqa: PLC0415
        from ..models.follow_up_required_event import FollowUpRequiredEvent  # noqa: PLC0415
        from ..models.game_created_event import GameCreatedEvent  # noqa: PLC0415
        from ..models.game_ended_event import GameEndedEvent  # noqa: PLC0415
        from ..models.game_started_event import GameStartedEvent  # noqa: PLC0415
        from ..models.going_out_deferred_event import GoingOutDeferredEvent  # noqa: PLC0415
        from ..models.hands_swapped_event import HandsSwappedEvent  # noqa: PLC0415
        from ..models.pass_card_chosen_event import PassCardChosenEvent  # noqa: PLC0415
        from ..models.pass_cards_requested_event import PassCardsRequestedEvent  # noqa: PLC0415
        from ..models.penalty_taken_event import PenaltyTakenEvent  # noqa: PLC0415
        from ..models.player_joined_event import PlayerJoinedEvent  # noqa: PLC0415
        from ..models.player_left_event import PlayerLeftEvent  # noqa: PLC0415
        from ..models.player_out_event import PlayerOutEvent  # noqa: PLC0415
        from ..models.player_passed_event import PlayerPassedEvent  # noqa: PLC0415
        from ..models.round_ended_event import RoundEndedEvent  # noqa: PLC0415
        from ..models.round_started_event import RoundStartedEvent  # noqa: PLC0415
        from ..models.skip_accepted_event import SkipAcceptedEvent  # noqa: PLC0415
        from ..models.skip_pending_event import SkipPendingEvent  # noqa: PLC0415
        from ..models.skip_robin_declined_event import SkipRobinDeclinedEvent  # noqa: PLC0415
        from ..models.skip_robin_ended_event import SkipRobinEndedEvent  # noqa: PLC0415
        from ..models.skip_robin_joined_event import SkipRobinJoinedEvent  # noqa: PLC0415
        from ..models.skip_robin_started_event import SkipRobinStartedEvent  # noqa: PLC0415
        from ..models.stock_reshuffled_event import StockReshuffledEvent  # noqa: PLC0415
        from ..models.table_expired_event import TableExpiredEvent  # noqa: PLC0415
        from ..models.turn_frame import TurnFrame  # noqa: PLC0415
        from ..models.turn_skipped_event import TurnSkippedEvent  # noqa: PLC0415
        from ..models.turn_started_event import TurnStartedEvent  # noqa: PLC0415
        from ..models.turn_timed_out_event import TurnTimedOutEvent  # noqa: PLC0415
        from ..models.wish_expired_event import WishExpiredEvent  # noqa: PLC0415
        from ..models.wish_fulfilled_event import WishFulfilledEvent  # noqa: PLC0415
        from ..models.wish_set_event import WishSetEvent  # noqa: PLC0415

        version = self.version

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, TurnStartedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CardPlayedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CardsDrawnEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, DrawPendingEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, WishSetEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PenaltyTakenEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CallMadeEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, WishFulfilledEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TurnSkippedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PlayerOutEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, RoundStartedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, RoundEndedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SkipPendingEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, DirectionChangedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SkipAcceptedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, HandsSwappedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ChainCancelledEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, StockReshuffledEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GameStartedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GameEndedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GameCreatedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PlayerJoinedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, BotJoinedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PlayerLeftEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, AutopilotChangedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GoingOutDeferredEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PlayerPassedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TurnTimedOutEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, WishExpiredEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, FollowUpRequiredEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SkipRobinStartedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SkipRobinJoinedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SkipRobinDeclinedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SkipRobinEndedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, BonusTurnsGrantedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CallWindowOpenedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CallWindowClosedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CallPenaltyAppliedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, FalseCatchPenalizedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PassCardsRequestedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PassCardChosenEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CardsPassedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TableExpiredEvent):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)

        turn: dict[str, Any] | None
        if isinstance(self.turn, TurnFrame):
            turn = self.turn.to_dict()
        else:
            turn = self.turn

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "events": events,
                "turn": turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.autopilot_changed_event import AutopilotChangedEvent  # noqa: PLC0415
        from ..models.bonus_turns_granted_event import BonusTurnsGrantedEvent  # noqa: PLC0415
        from ..models.bot_joined_event import BotJoinedEvent  # noqa: PLC0415
        from ..models.call_made_event import CallMadeEvent  # noqa: PLC0415
        from ..models.call_penalty_applied_event import CallPenaltyAppliedEvent  # noqa: PLC0415
        from ..models.call_window_closed_event import CallWindowClosedEvent  # noqa: PLC0415
        from ..models.call_window_opened_event import CallWindowOpenedEvent  # noqa: PLC0415
        from ..models.card_played_event import CardPlayedEvent  # noqa: PLC0415
        from ..models.cards_drawn_event import CardsDrawnEvent  # noqa: PLC0415
        from ..models.cards_passed_event import CardsPassedEvent  # noqa: PLC0415
        from ..models.chain_cancelled_event import ChainCancelledEvent  # noqa: PLC0415
        from ..models.direction_changed_event import DirectionChangedEvent  # noqa: PLC0415
        from ..models.draw_pending_event import DrawPendingEvent  # noqa: PLC0415
        from ..models.false_catch_penalized_event import FalseCatchPenalizedEvent  # noqa: PLC0415
        from ..models.follow_up_required_event import FollowUpRequiredEvent  # noqa: PLC0415
        from ..models.game_created_event import GameCreatedEvent  # noqa: PLC0415
        from ..models.game_ended_event import GameEndedEvent  # noqa: PLC0415
        from ..models.game_started_event import GameStartedEvent  # noqa: PLC0415
        from ..models.going_out_deferred_event import GoingOutDeferredEvent  # noqa: PLC0415
        from ..models.hands_swapped_event import HandsSwappedEvent  # noqa: PLC0415
        from ..models.pass_card_chosen_event import PassCardChosenEvent  # noqa: PLC0415
        from ..models.pass_cards_requested_event import PassCardsRequestedEvent  # noqa: PLC0415
        from ..models.penalty_taken_event import PenaltyTakenEvent  # noqa: PLC0415
        from ..models.player_joined_event import PlayerJoinedEvent  # noqa: PLC0415
        from ..models.player_left_event import PlayerLeftEvent  # noqa: PLC0415
        from ..models.player_out_event import PlayerOutEvent  # noqa: PLC0415
        from ..models.player_passed_event import PlayerPassedEvent  # noqa: PLC0415
        from ..models.rematch_offered_event import RematchOfferedEvent  # noqa: PLC0415
        from ..models.round_ended_event import RoundEndedEvent  # noqa: PLC0415
        from ..models.round_started_event import RoundStartedEvent  # noqa: PLC0415
        from ..models.skip_accepted_event import SkipAcceptedEvent  # noqa: PLC0415
        from ..models.skip_pending_event import SkipPendingEvent  # noqa: PLC0415
        from ..models.skip_robin_declined_event import SkipRobinDeclinedEvent  # noqa: PLC0415
        from ..models.skip_robin_ended_event import SkipRobinEndedEvent  # noqa: PLC0415
        from ..models.skip_robin_joined_event import SkipRobinJoinedEvent  # noqa: PLC0415
        from ..models.skip_robin_started_event import SkipRobinStartedEvent  # noqa: PLC0415
        from ..models.stock_reshuffled_event import StockReshuffledEvent  # noqa: PLC0415
        from ..models.table_expired_event import TableExpiredEvent  # noqa: PLC0415
        from ..models.turn_frame import TurnFrame  # noqa: PLC0415
        from ..models.turn_skipped_event import TurnSkippedEvent  # noqa: PLC0415
        from ..models.turn_started_event import TurnStartedEvent  # noqa: PLC0415
        from ..models.turn_timed_out_event import TurnTimedOutEvent  # noqa: PLC0415
        from ..models.wish_expired_event import WishExpiredEvent  # noqa: PLC0415
        from ..models.wish_fulfilled_event import WishFulfilledEvent  # noqa: PLC0415
        from ..models.wish_set_event import WishSetEvent  # noqa: PLC0415

        d = dict(src_dict)
        version = d.pop("version")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(
                data: object,
            ) -> (
                AutopilotChangedEvent
                | BonusTurnsGrantedEvent
                | BotJoinedEvent
                | CallMadeEvent
                | CallPenaltyAppliedEvent
                | CallWindowClosedEvent
                | CallWindowOpenedEvent
                | CardPlayedEvent
                | CardsDrawnEvent
                | CardsPassedEvent
                | ChainCancelledEvent
                | DirectionChangedEvent
                | DrawPendingEvent
                | FalseCatchPenalizedEvent
                | FollowUpRequiredEvent
                | GameCreatedEvent
                | GameEndedEvent
                | GameStartedEvent
                | GoingOutDeferredEvent
                | HandsSwappedEvent
                | PassCardChosenEvent
                | PassCardsRequestedEvent
                | PenaltyTakenEvent
                | PlayerJoinedEvent
                | PlayerLeftEvent
                | PlayerOutEvent
                | PlayerPassedEvent
                | RematchOfferedEvent
                | RoundEndedEvent
                | RoundStartedEvent
                | SkipAcceptedEvent
                | SkipPendingEvent
                | SkipRobinDeclinedEvent
                | SkipRobinEndedEvent
                | SkipRobinJoinedEvent
                | SkipRobinStartedEvent
                | StockReshuffledEvent
                | TableExpiredEvent
                | TurnSkippedEvent
                | TurnStartedEvent
                | TurnTimedOutEvent
                | WishExpiredEvent
                | WishFulfilledEvent
                | WishSetEvent
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_0 = TurnStartedEvent.from_dict(data)

                    return componentsschemas_event_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_1 = CardPlayedEvent.from_dict(data)

                    return componentsschemas_event_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_2 = CardsDrawnEvent.from_dict(data)

                    return componentsschemas_event_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_3 = DrawPendingEvent.from_dict(data)

                    return componentsschemas_event_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_4 = WishSetEvent.from_dict(data)

                    return componentsschemas_event_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_5 = PenaltyTakenEvent.from_dict(data)

                    return componentsschemas_event_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_6 = CallMadeEvent.from_dict(data)

                    return componentsschemas_event_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_7 = WishFulfilledEvent.from_dict(data)

                    return componentsschemas_event_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_8 = TurnSkippedEvent.from_dict(data)

                    return componentsschemas_event_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_9 = PlayerOutEvent.from_dict(data)

                    return componentsschemas_event_type_9
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_10 = RoundStartedEvent.from_dict(data)

                    return componentsschemas_event_type_10
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_11 = RoundEndedEvent.from_dict(data)

                    return componentsschemas_event_type_11
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_12 = SkipPendingEvent.from_dict(data)

                    return componentsschemas_event_type_12
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_13 = DirectionChangedEvent.from_dict(data)

                    return componentsschemas_event_type_13
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_14 = SkipAcceptedEvent.from_dict(data)

                    return componentsschemas_event_type_14
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_15 = HandsSwappedEvent.from_dict(data)

                    return componentsschemas_event_type_15
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_16 = ChainCancelledEvent.from_dict(data)

                    return componentsschemas_event_type_16
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_17 = StockReshuffledEvent.from_dict(data)

                    return componentsschemas_event_type_17
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_18 = GameStartedEvent.from_dict(data)

                    return componentsschemas_event_type_18
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_19 = GameEndedEvent.from_dict(data)

                    return componentsschemas_event_type_19
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_20 = GameCreatedEvent.from_dict(data)

                    return componentsschemas_event_type_20
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_21 = PlayerJoinedEvent.from_dict(data)

                    return componentsschemas_event_type_21
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_22 = BotJoinedEvent.from_dict(data)

                    return componentsschemas_event_type_22
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_23 = PlayerLeftEvent.from_dict(data)

                    return componentsschemas_event_type_23
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_24 = AutopilotChangedEvent.from_dict(data)

                    return componentsschemas_event_type_24
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_25 = GoingOutDeferredEvent.from_dict(data)

                    return componentsschemas_event_type_25
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_26 = PlayerPassedEvent.from_dict(data)

                    return componentsschemas_event_type_26
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_27 = TurnTimedOutEvent.from_dict(data)

                    return componentsschemas_event_type_27
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_28 = WishExpiredEvent.from_dict(data)

                    return componentsschemas_event_type_28
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_29 = FollowUpRequiredEvent.from_dict(data)

                    return componentsschemas_event_type_29
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_30 = SkipRobinStartedEvent.from_dict(data)

                    return componentsschemas_event_type_30
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_31 = SkipRobinJoinedEvent.from_dict(data)

                    return componentsschemas_event_type_31
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_32 = SkipRobinDeclinedEvent.from_dict(data)

                    return componentsschemas_event_type_32
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_33 = SkipRobinEndedEvent.from_dict(data)

                    return componentsschemas_event_type_33
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_34 = BonusTurnsGrantedEvent.from_dict(data)

                    return componentsschemas_event_type_34
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_35 = CallWindowOpenedEvent.from_dict(data)

                    return componentsschemas_event_type_35
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_36 = CallWindowClosedEvent.from_dict(data)

                    return componentsschemas_event_type_36
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_37 = CallPenaltyAppliedEvent.from_dict(data)

                    return componentsschemas_event_type_37
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_38 = FalseCatchPenalizedEvent.from_dict(data)

                    return componentsschemas_event_type_38
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_39 = PassCardsRequestedEvent.from_dict(data)

                    return componentsschemas_event_type_39
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_40 = PassCardChosenEvent.from_dict(data)

                    return componentsschemas_event_type_40
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_41 = CardsPassedEvent.from_dict(data)

                    return componentsschemas_event_type_41
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_42 = TableExpiredEvent.from_dict(data)

                    return componentsschemas_event_type_42
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_43 = RematchOfferedEvent.from_dict(data)

                return componentsschemas_event_type_43

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        def _parse_turn(data: object) -> None | TurnFrame:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                turn_type_0 = TurnFrame.from_dict(data)

                return turn_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TurnFrame, data)

        turn = _parse_turn(d.pop("turn"))

        event_page = cls(
            version=version,
            events=events,
            turn=turn,
        )

        return event_page
