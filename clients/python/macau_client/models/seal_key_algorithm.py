from typing import Literal

SealKeyAlgorithm = Literal["Ed25519"]

SEAL_KEY_ALGORITHM_VALUES: set[SealKeyAlgorithm] = {
    "Ed25519",
}


def check_seal_key_algorithm(value: str) -> SealKeyAlgorithm:
    if value in SEAL_KEY_ALGORITHM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEAL_KEY_ALGORITHM_VALUES!r}")
