"""Currency: Tawny and the coins it is exchanged for."""

from dataclasses import dataclass
from types import MappingProxyType

_CURRENCY = "Set-up - Currency"


@dataclass(frozen=True)
class Coin:
    """A coin and how many Tawny it is worth."""

    key: str
    name: str
    metal: str
    tawny_value: int
    source: str


COINS = MappingProxyType(
    {
        coin.key: coin
        for coin in (
            Coin("tawny", "Tawny", "copper", 1, _CURRENCY),
            Coin("glint", "Glint", "silver", 5, _CURRENCY),
            Coin("aurelian", "Aurelian", "gold", 10, _CURRENCY),
        )
    }
)

TAWNY_PER_GLINT = COINS["glint"].tawny_value
TAWNY_PER_AURELIAN = COINS["aurelian"].tawny_value

# Each character's Tawny is their own (Set-up - Currency, note).
TAWNY_SHAREABLE = False
