"""The two small networks of the pip counter, as PyTorch modules (training only); the dark sets' finder is a finder.

Both are U-Nets: each level two 3x3 convolutions with batch norm and ReLU, max
pooling down, bilinear upsampling back up with the level's features beside it,
and a 1x1 convolution to the output maps, passed through a sigmoid. The input is
the picture as OpenCV holds it (BGR, 0 to 255): the network scales it itself, so
the app only hands it pixels. Every layer is one that OpenCV's DNN module reads
from ONNX.

- the tile finder: the photo at `finder.FINDER_LONG_SIDE` on its long side in; a
  strided first convolution halves it, and the tile faces and their cores (each
  face shrunk about its centre) come out at half the input's size.
- the pip reader: one tile rectified to 48 x 96 in; its pip centres and its
  divider bar out, at the same size.
"""
from __future__ import annotations

import torch
from torch import nn
from torch.nn import functional as F


def _conv(cin: int, cout: int, stride: int = 1, dilation: int = 1) -> list[nn.Module]:
    return [nn.Conv2d(cin, cout, 3, stride=stride, padding=dilation, dilation=dilation, bias=False),
            nn.BatchNorm2d(cout), nn.ReLU(inplace=True)]


def _block(cin: int, cout: int, dilation: int = 1) -> nn.Sequential:
    return nn.Sequential(*_conv(cin, cout, dilation=dilation), *_conv(cout, cout))


def _doubled(x: torch.Tensor) -> torch.Tensor:
    """Twice the size, bilinear. A fixed factor rather than the size of the level above: the
    exported graph then has no shape arithmetic, and OpenCV's classic DNN engine, which reads
    only such graphs, runs these networks about twice as fast as its new one. So each input
    must be a multiple of the network's stride (`Params.stride`; the reader's 48 x 96)."""
    return F.interpolate(x, scale_factor=2.0, mode="bilinear", align_corners=False)


class UNet(nn.Module):
    def __init__(self, outputs: int, widths, bottom_dilation: int = 1, stem_stride: int = 1,
                 full_size: bool = False, fine: int = 0):
        super().__init__()
        self.full_size = full_size       # the maps brought back to the input's size
        self.widths, self.stem_stride, self.fine = tuple(widths), stem_stride, fine
        # with `fine` channels, the features at the stem's size are brought back to the input's
        # size and met there by that many features of the input itself, before the maps
        self.fine_in = nn.Sequential(*_conv(3, fine)) if fine else None
        self.fine_out = nn.Sequential(*_conv(widths[0] + fine, fine)) if fine else None
        self.stem = nn.Sequential(*_conv(3, widths[0], stride=stem_stride)) if stem_stride > 1 else None
        self.down = nn.ModuleList()
        cin = widths[0] if self.stem is not None else 3
        for w in widths[:-1]:
            self.down.append(_block(cin, w))
            cin = w
        self.bottom = _block(cin, widths[-1], dilation=bottom_dilation)
        self.up = nn.ModuleList()
        cin = widths[-1]
        for w in reversed(widths[:-1]):
            self.up.append(_block(cin + w, w))
            cin = w
        self.head = nn.Conv2d(fine or cin, outputs, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x / 127.5 - 1.0
        fine = self.fine_in(x) if self.fine else None
        if self.stem is not None:
            x = self.stem(x)
        skips = []
        for block in self.down:
            x = block(x)
            skips.append(x)
            x = F.max_pool2d(x, 2)
        x = self.bottom(x)
        for block, skip in zip(self.up, reversed(skips)):
            x = _doubled(x)
            x = block(torch.cat([x, skip], dim=1))
        if self.fine:
            x = _doubled(x)
            x = self.fine_out(torch.cat([x, fine], dim=1))
        x = self.head(x)
        if self.full_size and not self.fine:
            x = _doubled(x)
        return torch.sigmoid(x)


FINDER_WIDTHS = (12, 24, 32, 48, 64)


def finder(widths=FINDER_WIDTHS) -> UNet:
    """Faces and cores at half the input's size; five levels below the stem, so that a tile
    half the photo wide is still seen whole."""
    return UNet(outputs=2, widths=tuple(widths), bottom_dilation=2, stem_stride=2)


READER_WIDTHS = (12, 24, 32, 48)     # (8, 16, 32) was tried: faster, and 11 photos fewer right
READER_STEM = 1        # 2 (half the tile's size) was tried: 2.2 times cheaper, 2 photos fewer right
READER_FINE = 0        # ... and with 8 channels at the tile's own size after it: 3 fewer


def reader(widths=READER_WIDTHS, stem_stride: int = READER_STEM, fine: int = READER_FINE) -> UNet:
    """Pip centres and the divider bar on one rectified tile. With a strided stem the network
    works at half the tile's size, and its maps are brought back to the tile's size (through
    `fine` channels at the tile's own size, where given)."""
    return UNet(outputs=2, widths=tuple(widths), stem_stride=stem_stride, full_size=stem_stride > 1, fine=fine)


def slimmed(model: UNet, widths) -> UNet:
    """A narrower network of the same depth and shape, started from a trained one: at each
    layer it keeps the channels whose batch norm scales them most, with their weights, so
    that it begins near what the trained network does and learns the rest from it
    (`python -m vision.training ... --teach`). Fine channels are not slimmed."""
    if model.fine:
        raise ValueError("a network with fine channels cannot be slimmed")
    if len(widths) != len(model.widths):
        raise ValueError(f"a slimmed network has the trained one's {len(model.widths)} levels, not {len(widths)}")
    small = UNet(outputs=model.head.out_channels, widths=tuple(widths), bottom_dilation=model.bottom[0].dilation[0],
                 stem_stride=model.stem_stride, full_size=model.full_size)
    kept = torch.arange(3)                        # the picture's three colours
    if model.stem is not None:
        kept = _take(model.stem, small.stem, kept)
    skips = []
    for big, little in zip(model.down, small.down):
        kept = _take(big, little, kept)
        skips.append(kept)
    kept = _take(model.bottom, small.bottom, kept)
    for j, (big, little) in enumerate(zip(model.up, small.up)):
        # an up block sees the level below (all of its channels in the big network) beside the skip
        kept = _take(big, little, torch.cat([kept, model.widths[-1 - j] + skips[-1 - j]]))
    with torch.no_grad():
        small.head.weight.copy_(model.head.weight[:, kept])
        small.head.bias.copy_(model.head.bias)
    return small


def _take(big: nn.Sequential, little: nn.Sequential, inputs: torch.Tensor) -> torch.Tensor:
    """Each convolution of a block (conv, batch norm, ReLU, ...) copied into the narrower one:
    the inputs kept, and the outputs whose batch norm scales most; the outputs kept."""
    with torch.no_grad():
        for i in range(0, len(big), 3):
            conv, norm, small_conv, small_norm = big[i], big[i + 1], little[i], little[i + 1]
            kept = torch.argsort(norm.weight.abs(), descending=True)[:small_conv.out_channels].sort().values
            small_conv.weight.copy_(conv.weight[kept][:, inputs])
            for name in ("weight", "bias", "running_mean", "running_var"):
                getattr(small_norm, name).copy_(getattr(norm, name)[kept])
            inputs = kept
    return inputs
