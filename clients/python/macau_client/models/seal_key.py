from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.seal_key_algorithm import SealKeyAlgorithm, check_seal_key_algorithm

T = TypeVar("T", bound="SealKey")


@_attrs_define
class SealKey:
    """
    Attributes:
        algorithm (SealKeyAlgorithm):
        key_id (str): the first 16 hex digits of the key's SHA-256; each seal names the key that made it
        public_key (str): `ed25519:` and the key's 32 bytes in base64: what `macau verify FILE --public-key` takes
        pem (str): the same key as a PEM SubjectPublicKeyInfo
    """

    algorithm: SealKeyAlgorithm
    key_id: str
    public_key: str
    pem: str

    def to_dict(self) -> dict[str, Any]:
        algorithm: str = self.algorithm

        key_id = self.key_id

        public_key = self.public_key

        pem = self.pem

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "algorithm": algorithm,
                "key_id": key_id,
                "public_key": public_key,
                "pem": pem,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        algorithm = check_seal_key_algorithm(d.pop("algorithm"))

        key_id = d.pop("key_id")

        public_key = d.pop("public_key")

        pem = d.pop("pem")

        seal_key = cls(
            algorithm=algorithm,
            key_id=key_id,
            public_key=public_key,
            pem=pem,
        )

        return seal_key
