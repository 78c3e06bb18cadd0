"""Contains all the data models used in inputs/outputs"""

from .add_bot_body import AddBotBody
from .add_bot_body_level import AddBotBodyLevel
from .announce_move import AnnounceMove
from .announce_move_action import AnnounceMoveAction
from .announcement import Announcement
from .audit import Audit
from .audit_check import AuditCheck
from .autopilot_changed_data import AutopilotChangedData
from .autopilot_changed_event import AutopilotChangedEvent
from .autopilot_changed_event_type import AutopilotChangedEventType
from .bonus import Bonus
from .bonus_turns_granted_data import BonusTurnsGrantedData
from .bonus_turns_granted_event import BonusTurnsGrantedEvent
from .bonus_turns_granted_event_type import BonusTurnsGrantedEventType
from .bot_added import BotAdded
from .bot_joined_data import BotJoinedData
from .bot_joined_data_level import BotJoinedDataLevel
from .bot_joined_event import BotJoinedEvent
from .bot_joined_event_type import BotJoinedEventType
from .bot_level import BotLevel
from .bot_step import BotStep
from .call_made_data import CallMadeData
from .call_made_event import CallMadeEvent
from .call_made_event_type import CallMadeEventType
from .call_penalty_applied_data import CallPenaltyAppliedData
from .call_penalty_applied_event import CallPenaltyAppliedEvent
from .call_penalty_applied_event_type import CallPenaltyAppliedEventType
from .call_window_closed_data import CallWindowClosedData
from .call_window_closed_event import CallWindowClosedEvent
from .call_window_closed_event_type import CallWindowClosedEventType
from .call_window_opened_data import CallWindowOpenedData
from .call_window_opened_event import CallWindowOpenedEvent
from .call_window_opened_event_type import CallWindowOpenedEventType
from .card_played_data import CardPlayedData
from .card_played_event import CardPlayedEvent
from .card_played_event_type import CardPlayedEventType
from .cards_drawn_data import CardsDrawnData
from .cards_drawn_data_reason import CardsDrawnDataReason
from .cards_drawn_event import CardsDrawnEvent
from .cards_drawn_event_type import CardsDrawnEventType
from .cards_passed_data import CardsPassedData
from .cards_passed_event import CardsPassedEvent
from .cards_passed_event_type import CardsPassedEventType
from .catch_move import CatchMove
from .catch_move_action import CatchMoveAction
from .chain_cancelled_data import ChainCancelledData
from .chain_cancelled_data_kind import ChainCancelledDataKind
from .chain_cancelled_event import ChainCancelledEvent
from .chain_cancelled_event_type import ChainCancelledEventType
from .choose_pass_card_move import ChoosePassCardMove
from .choose_pass_card_move_action import ChoosePassCardMoveAction
from .closed_reason import ClosedReason
from .config import Config
from .create_game_body import CreateGameBody
from .create_game_body_bots_item import CreateGameBodyBotsItem
from .create_game_body_bots_item_level import CreateGameBodyBotsItemLevel
from .create_game_body_deal_type_0 import CreateGameBodyDealType0
from .create_game_body_players_item import CreateGameBodyPlayersItem
from .create_game_body_players_item_webhook import CreateGameBodyPlayersItemWebhook
from .create_game_body_players_item_webhook_events_type_0_item import CreateGameBodyPlayersItemWebhookEventsType0Item
from .create_game_body_rules_type_0 import CreateGameBodyRulesType0
from .create_game_body_variant import CreateGameBodyVariant
from .create_player_body import CreatePlayerBody
from .created_game import CreatedGame
from .direction import Direction
from .direction_changed_data import DirectionChangedData
from .direction_changed_event import DirectionChangedEvent
from .direction_changed_event_type import DirectionChangedEventType
from .draw_move import DrawMove
from .draw_move_action import DrawMoveAction
from .draw_pending_data import DrawPendingData
from .draw_pending_event import DrawPendingEvent
from .draw_pending_event_type import DrawPendingEventType
from .event_page import EventPage
from .event_type import EventType
from .false_catch_penalized_data import FalseCatchPenalizedData
from .false_catch_penalized_event import FalseCatchPenalizedEvent
from .false_catch_penalized_event_type import FalseCatchPenalizedEventType
from .follow_up_required_data import FollowUpRequiredData
from .follow_up_required_event import FollowUpRequiredEvent
from .follow_up_required_event_type import FollowUpRequiredEventType
from .game_created_data import GameCreatedData
from .game_created_data_config import GameCreatedDataConfig
from .game_created_data_deal_type_0 import GameCreatedDataDealType0
from .game_created_data_rematch_of import GameCreatedDataRematchOf
from .game_created_data_rules import GameCreatedDataRules
from .game_created_event import GameCreatedEvent
from .game_created_event_type import GameCreatedEventType
from .game_ended_data import GameEndedData
from .game_ended_event import GameEndedEvent
from .game_ended_event_type import GameEndedEventType
from .game_links import GameLinks
from .game_list import GameList
from .game_started_data import GameStartedData
from .game_started_event import GameStartedEvent
from .game_started_event_type import GameStartedEventType
from .game_status import GameStatus
from .game_summary import GameSummary
from .game_view import GameView
from .get_events_until import GetEventsUntil
from .get_leaderboard_around_type_1 import GetLeaderboardAroundType1
from .get_leaderboard_around_type_2_type_1 import GetLeaderboardAroundType2Type1
from .get_leaderboard_around_type_3_type_1 import GetLeaderboardAroundType3Type1
from .get_open_api_json_response_200 import GetOpenApiJsonResponse200
from .going_out_deferred_data import GoingOutDeferredData
from .going_out_deferred_event import GoingOutDeferredEvent
from .going_out_deferred_event_type import GoingOutDeferredEventType
from .hands_swapped_data import HandsSwappedData
from .hands_swapped_event import HandsSwappedEvent
from .hands_swapped_event_type import HandsSwappedEventType
from .health import Health
from .join_game_body import JoinGameBody
from .join_game_body_webhook import JoinGameBodyWebhook
from .join_game_body_webhook_events_type_0_item import JoinGameBodyWebhookEventsType0Item
from .joined import Joined
from .last_delivery import LastDelivery
from .last_delivery_error_type_1 import LastDeliveryErrorType1
from .last_delivery_error_type_2_type_1 import LastDeliveryErrorType2Type1
from .last_delivery_error_type_3_type_1 import LastDeliveryErrorType3Type1
from .last_delivery_event import LastDeliveryEvent
from .last_delivery_status import LastDeliveryStatus
from .leaderboard import Leaderboard
from .leaderboard_entry import LeaderboardEntry
from .left import Left
from .list_games_status import ListGamesStatus
from .list_games_variant_type_1 import ListGamesVariantType1
from .list_games_variant_type_2_type_1 import ListGamesVariantType2Type1
from .list_games_variant_type_3_type_1 import ListGamesVariantType3Type1
from .listed_play_move import ListedPlayMove
from .listed_play_move_action import ListedPlayMoveAction
from .listed_player import ListedPlayer
from .move_result import MoveResult
from .my_game import MyGame
from .my_games import MyGames
from .pass_card_chosen_data import PassCardChosenData
from .pass_card_chosen_event import PassCardChosenEvent
from .pass_card_chosen_event_type import PassCardChosenEventType
from .pass_cards import PassCards
from .pass_cards_requested_data import PassCardsRequestedData
from .pass_cards_requested_event import PassCardsRequestedEvent
from .pass_cards_requested_event_type import PassCardsRequestedEventType
from .pass_move import PassMove
from .pass_move_action import PassMoveAction
from .penalty_taken_data import PenaltyTakenData
from .penalty_taken_event import PenaltyTakenEvent
from .penalty_taken_event_type import PenaltyTakenEventType
from .pending import Pending
from .pending_draw import PendingDraw
from .pending_skip import PendingSkip
from .play_move import PlayMove
from .play_move_action import PlayMoveAction
from .player_created import PlayerCreated
from .player_joined_data import PlayerJoinedData
from .player_joined_event import PlayerJoinedEvent
from .player_joined_event_type import PlayerJoinedEventType
from .player_key import PlayerKey
from .player_left_data import PlayerLeftData
from .player_left_data_level import PlayerLeftDataLevel
from .player_left_event import PlayerLeftEvent
from .player_left_event_type import PlayerLeftEventType
from .player_out_data import PlayerOutData
from .player_out_event import PlayerOutEvent
from .player_out_event_type import PlayerOutEventType
from .player_passed_data import PlayerPassedData
from .player_passed_event import PlayerPassedEvent
from .player_passed_event_type import PlayerPassedEventType
from .players_range import PlayersRange
from .problem import Problem
from .problem_code import ProblemCode
from .profile import Profile
from .quickplay_body import QuickplayBody
from .quickplay_body_variant import QuickplayBodyVariant
from .quickplay_body_webhook import QuickplayBodyWebhook
from .quickplay_body_webhook_events_type_0_item import QuickplayBodyWebhookEventsType0Item
from .quickplay_result import QuickplayResult
from .rank import Rank
from .rating_change import RatingChange
from .register_webhook_body import RegisterWebhookBody
from .register_webhook_body_events_type_0_item import RegisterWebhookBodyEventsType0Item
from .rejection_reason import RejectionReason
from .rematch import Rematch
from .rematch_offered_data import RematchOfferedData
from .rematch_offered_event import RematchOfferedEvent
from .rematch_offered_event_type import RematchOfferedEventType
from .rename_me_body import RenameMeBody
from .replay import Replay
from .replay_rules import ReplayRules
from .result import Result
from .robin import Robin
from .round_ended_data import RoundEndedData
from .round_ended_data_reason import RoundEndedDataReason
from .round_ended_event import RoundEndedEvent
from .round_ended_event_type import RoundEndedEventType
from .round_started_data import RoundStartedData
from .round_started_event import RoundStartedEvent
from .round_started_event_type import RoundStartedEventType
from .seal_key import SealKey
from .seal_key_algorithm import SealKeyAlgorithm
from .seat import Seat
from .seat_kind import SeatKind
from .seated_bot import SeatedBot
from .seated_player import SeatedPlayer
from .skip_accepted_data import SkipAcceptedData
from .skip_accepted_event import SkipAcceptedEvent
from .skip_accepted_event_type import SkipAcceptedEventType
from .skip_pending_data import SkipPendingData
from .skip_pending_event import SkipPendingEvent
from .skip_pending_event_type import SkipPendingEventType
from .skip_robin_declined_data import SkipRobinDeclinedData
from .skip_robin_declined_event import SkipRobinDeclinedEvent
from .skip_robin_declined_event_type import SkipRobinDeclinedEventType
from .skip_robin_ended_data import SkipRobinEndedData
from .skip_robin_ended_event import SkipRobinEndedEvent
from .skip_robin_ended_event_type import SkipRobinEndedEventType
from .skip_robin_joined_data import SkipRobinJoinedData
from .skip_robin_joined_event import SkipRobinJoinedEvent
from .skip_robin_joined_event_type import SkipRobinJoinedEventType
from .skip_robin_started_data import SkipRobinStartedData
from .skip_robin_started_event import SkipRobinStartedEvent
from .skip_robin_started_event_type import SkipRobinStartedEventType
from .standing import Standing
from .stock_reshuffled_data import StockReshuffledData
from .stock_reshuffled_event import StockReshuffledEvent
from .stock_reshuffled_event_type import StockReshuffledEventType
from .suit import Suit
from .table_expired_data import TableExpiredData
from .table_expired_event import TableExpiredEvent
from .table_expired_event_type import TableExpiredEventType
from .turn_frame import TurnFrame
from .turn_frame_reasons_item import TurnFrameReasonsItem
from .turn_frame_type import TurnFrameType
from .turn_skipped_data import TurnSkippedData
from .turn_skipped_event import TurnSkippedEvent
from .turn_skipped_event_type import TurnSkippedEventType
from .turn_started_data import TurnStartedData
from .turn_started_event import TurnStartedEvent
from .turn_started_event_type import TurnStartedEventType
from .turn_timed_out_data import TurnTimedOutData
from .turn_timed_out_event import TurnTimedOutEvent
from .turn_timed_out_event_type import TurnTimedOutEventType
from .variant import Variant
from .variant_id import VariantId
from .variant_list import VariantList
from .variant_parameters import VariantParameters
from .variant_rating import VariantRating
from .variant_rules_type_0 import VariantRulesType0
from .webhook import Webhook
from .webhook_created import WebhookCreated
from .webhook_created_events_item import WebhookCreatedEventsItem
from .webhook_events_item import WebhookEventsItem
from .webhook_list import WebhookList
from .webhook_status import WebhookStatus
from .wish_choice_type_0 import WishChoiceType0
from .wish_choice_type_0_suit import WishChoiceType0Suit
from .wish_choice_type_1 import WishChoiceType1
from .wish_choice_type_1_rank import WishChoiceType1Rank
from .wish_choice_type_2 import WishChoiceType2
from .wish_expired_data import WishExpiredData
from .wish_expired_event import WishExpiredEvent
from .wish_expired_event_type import WishExpiredEventType
from .wish_fulfilled_data import WishFulfilledData
from .wish_fulfilled_event import WishFulfilledEvent
from .wish_fulfilled_event_type import WishFulfilledEventType
from .wish_set_data import WishSetData
from .wish_set_data_kind import WishSetDataKind
from .wish_set_event import WishSetEvent
from .wish_set_event_type import WishSetEventType
from .wish_value import WishValue
from .wish_view import WishView
from .wish_view_kind import WishViewKind
from .you import You

__all__ = (
    "AddBotBody",
    "AddBotBodyLevel",
    "Announcement",
    "AnnounceMove",
    "AnnounceMoveAction",
    "Audit",
    "AuditCheck",
    "AutopilotChangedData",
    "AutopilotChangedEvent",
    "AutopilotChangedEventType",
    "Bonus",
    "BonusTurnsGrantedData",
    "BonusTurnsGrantedEvent",
    "BonusTurnsGrantedEventType",
    "BotAdded",
    "BotJoinedData",
    "BotJoinedDataLevel",
    "BotJoinedEvent",
    "BotJoinedEventType",
    "BotLevel",
    "BotStep",
    "CallMadeData",
    "CallMadeEvent",
    "CallMadeEventType",
    "CallPenaltyAppliedData",
    "CallPenaltyAppliedEvent",
    "CallPenaltyAppliedEventType",
    "CallWindowClosedData",
    "CallWindowClosedEvent",
    "CallWindowClosedEventType",
    "CallWindowOpenedData",
    "CallWindowOpenedEvent",
    "CallWindowOpenedEventType",
    "CardPlayedData",
    "CardPlayedEvent",
    "CardPlayedEventType",
    "CardsDrawnData",
    "CardsDrawnDataReason",
    "CardsDrawnEvent",
    "CardsDrawnEventType",
    "CardsPassedData",
    "CardsPassedEvent",
    "CardsPassedEventType",
    "CatchMove",
    "CatchMoveAction",
    "ChainCancelledData",
    "ChainCancelledDataKind",
    "ChainCancelledEvent",
    "ChainCancelledEventType",
    "ChoosePassCardMove",
    "ChoosePassCardMoveAction",
    "ClosedReason",
    "Config",
    "CreatedGame",
    "CreateGameBody",
    "CreateGameBodyBotsItem",
    "CreateGameBodyBotsItemLevel",
    "CreateGameBodyDealType0",
    "CreateGameBodyPlayersItem",
    "CreateGameBodyPlayersItemWebhook",
    "CreateGameBodyPlayersItemWebhookEventsType0Item",
    "CreateGameBodyRulesType0",
    "CreateGameBodyVariant",
    "CreatePlayerBody",
    "Direction",
    "DirectionChangedData",
    "DirectionChangedEvent",
    "DirectionChangedEventType",
    "DrawMove",
    "DrawMoveAction",
    "DrawPendingData",
    "DrawPendingEvent",
    "DrawPendingEventType",
    "EventPage",
    "EventType",
    "FalseCatchPenalizedData",
    "FalseCatchPenalizedEvent",
    "FalseCatchPenalizedEventType",
    "FollowUpRequiredData",
    "FollowUpRequiredEvent",
    "FollowUpRequiredEventType",
    "GameCreatedData",
    "GameCreatedDataConfig",
    "GameCreatedDataDealType0",
    "GameCreatedDataRematchOf",
    "GameCreatedDataRules",
    "GameCreatedEvent",
    "GameCreatedEventType",
    "GameEndedData",
    "GameEndedEvent",
    "GameEndedEventType",
    "GameLinks",
    "GameList",
    "GameStartedData",
    "GameStartedEvent",
    "GameStartedEventType",
    "GameStatus",
    "GameSummary",
    "GameView",
    "GetEventsUntil",
    "GetLeaderboardAroundType1",
    "GetLeaderboardAroundType2Type1",
    "GetLeaderboardAroundType3Type1",
    "GetOpenApiJsonResponse200",
    "GoingOutDeferredData",
    "GoingOutDeferredEvent",
    "GoingOutDeferredEventType",
    "HandsSwappedData",
    "HandsSwappedEvent",
    "HandsSwappedEventType",
    "Health",
    "Joined",
    "JoinGameBody",
    "JoinGameBodyWebhook",
    "JoinGameBodyWebhookEventsType0Item",
    "LastDelivery",
    "LastDeliveryErrorType1",
    "LastDeliveryErrorType2Type1",
    "LastDeliveryErrorType3Type1",
    "LastDeliveryEvent",
    "LastDeliveryStatus",
    "Leaderboard",
    "LeaderboardEntry",
    "Left",
    "ListedPlayer",
    "ListedPlayMove",
    "ListedPlayMoveAction",
    "ListGamesStatus",
    "ListGamesVariantType1",
    "ListGamesVariantType2Type1",
    "ListGamesVariantType3Type1",
    "MoveResult",
    "MyGame",
    "MyGames",
    "PassCardChosenData",
    "PassCardChosenEvent",
    "PassCardChosenEventType",
    "PassCards",
    "PassCardsRequestedData",
    "PassCardsRequestedEvent",
    "PassCardsRequestedEventType",
    "PassMove",
    "PassMoveAction",
    "PenaltyTakenData",
    "PenaltyTakenEvent",
    "PenaltyTakenEventType",
    "Pending",
    "PendingDraw",
    "PendingSkip",
    "PlayerCreated",
    "PlayerJoinedData",
    "PlayerJoinedEvent",
    "PlayerJoinedEventType",
    "PlayerKey",
    "PlayerLeftData",
    "PlayerLeftDataLevel",
    "PlayerLeftEvent",
    "PlayerLeftEventType",
    "PlayerOutData",
    "PlayerOutEvent",
    "PlayerOutEventType",
    "PlayerPassedData",
    "PlayerPassedEvent",
    "PlayerPassedEventType",
    "PlayersRange",
    "PlayMove",
    "PlayMoveAction",
    "Problem",
    "ProblemCode",
    "Profile",
    "QuickplayBody",
    "QuickplayBodyVariant",
    "QuickplayBodyWebhook",
    "QuickplayBodyWebhookEventsType0Item",
    "QuickplayResult",
    "Rank",
    "RatingChange",
    "RegisterWebhookBody",
    "RegisterWebhookBodyEventsType0Item",
    "RejectionReason",
    "Rematch",
    "RematchOfferedData",
    "RematchOfferedEvent",
    "RematchOfferedEventType",
    "RenameMeBody",
    "Replay",
    "ReplayRules",
    "Result",
    "Robin",
    "RoundEndedData",
    "RoundEndedDataReason",
    "RoundEndedEvent",
    "RoundEndedEventType",
    "RoundStartedData",
    "RoundStartedEvent",
    "RoundStartedEventType",
    "SealKey",
    "SealKeyAlgorithm",
    "Seat",
    "SeatedBot",
    "SeatedPlayer",
    "SeatKind",
    "SkipAcceptedData",
    "SkipAcceptedEvent",
    "SkipAcceptedEventType",
    "SkipPendingData",
    "SkipPendingEvent",
    "SkipPendingEventType",
    "SkipRobinDeclinedData",
    "SkipRobinDeclinedEvent",
    "SkipRobinDeclinedEventType",
    "SkipRobinEndedData",
    "SkipRobinEndedEvent",
    "SkipRobinEndedEventType",
    "SkipRobinJoinedData",
    "SkipRobinJoinedEvent",
    "SkipRobinJoinedEventType",
    "SkipRobinStartedData",
    "SkipRobinStartedEvent",
    "SkipRobinStartedEventType",
    "Standing",
    "StockReshuffledData",
    "StockReshuffledEvent",
    "StockReshuffledEventType",
    "Suit",
    "TableExpiredData",
    "TableExpiredEvent",
    "TableExpiredEventType",
    "TurnFrame",
    "TurnFrameReasonsItem",
    "TurnFrameType",
    "TurnSkippedData",
    "TurnSkippedEvent",
    "TurnSkippedEventType",
    "TurnStartedData",
    "TurnStartedEvent",
    "TurnStartedEventType",
    "TurnTimedOutData",
    "TurnTimedOutEvent",
    "TurnTimedOutEventType",
    "Variant",
    "VariantId",
    "VariantList",
    "VariantParameters",
    "VariantRating",
    "VariantRulesType0",
    "Webhook",
    "WebhookCreated",
    "WebhookCreatedEventsItem",
    "WebhookEventsItem",
    "WebhookList",
    "WebhookStatus",
    "WishChoiceType0",
    "WishChoiceType0Suit",
    "WishChoiceType1",
    "WishChoiceType1Rank",
    "WishChoiceType2",
    "WishExpiredData",
    "WishExpiredEvent",
    "WishExpiredEventType",
    "WishFulfilledData",
    "WishFulfilledEvent",
    "WishFulfilledEventType",
    "WishSetData",
    "WishSetDataKind",
    "WishSetEvent",
    "WishSetEventType",
    "WishValue",
    "WishView",
    "WishViewKind",
    "You",
)
