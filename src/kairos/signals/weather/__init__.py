"""Weather signals: climatology offline (Central Park's daily normals), OpenWeather when hosted."""

from kairos.signals.weather.models import WeatherQuery, WeatherReport, WeatherSource

__all__ = ["WeatherQuery", "WeatherReport", "WeatherSource"]
