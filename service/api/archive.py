"""The archive's seal key (docs/archive-seals.md): the public key that checks the seal of
every archived game's log, for anyone who wants to verify an exported log file offline."""

from __future__ import annotations

from flask_smorest import Blueprint

from ..errors import ApiError
from ..http import json_response, services
from ..schemas.responses import SealKeySchema
from . import problems, responds

blp = Blueprint("archive", __name__, url_prefix="/v1", description="The archive's seal key")


@blp.route("/archive/public-key", methods=["GET"])
@responds(blp, 200, SealKeySchema)
@problems(blp, 404, 429)
def public_key():
    """Get the archive seals' public key.

    The Ed25519 public key of this service's archive seals. When a finished game leaves
    the hot store, the server signs its log's game id, number of events, hash chain head
    and checksum; the seal is kept by the store and carried by the log file
    (`GET /v1/games/{game_id}/export`). `macau verify FILE --public-key KEY` checks a file
    against it. A seal proves the file is the one this server archived; it cannot prove
    anything against the operator, who holds the signing key. 404 (`no_archive`) when the
    service keeps no archive."""
    key = services().seal_key
    if key is None:
        raise ApiError(404, "no_archive", "this service keeps no archive (MACAU_ARCHIVE_DIR is unset): nothing is "
                                          "sealed")
    public = key.public
    return json_response({"algorithm": "Ed25519", "key_id": public.key_id, "public_key": public.text(),
                          "pem": public.pem()})
