"""The built-in signal sources, registered the way a plug-in registers its own."""

from __future__ import annotations

from kairos.errors import ConfigurationError
from kairos.signals.closures.nycdot import NycDotClosures
from kairos.signals.closures.offline import NoClosures
from kairos.signals.events.offline import NoEvents
from kairos.signals.events.ticketmaster import TicketmasterEvents
from kairos.signals.geocoding.catalog import CatalogGeocoder
from kairos.signals.geocoding.nominatim import NominatimGeocoder
from kairos.signals.registry import SourceContext, register_source, secret
from kairos.signals.school_calendar.ical import ICalSchoolCalendar
from kairos.signals.school_calendar.offline import ShippedSchoolCalendar
from kairos.signals.weather.climatology import ClimatologyWeather
from kairos.signals.weather.openweather import OpenWeatherForecast


def _openweather(context: SourceContext) -> OpenWeatherForecast:
    s = context.settings
    key = secret(s, "weather_api_key")
    assert key is not None  # the registry checked `needs_key`
    return OpenWeatherForecast(
        base_url=s.weather_base_url,
        api_key=key,
        timeout_seconds=s.weather_timeout_seconds,
        beyond_horizon=ClimatologyWeather(),
    )


def _ticketmaster(context: SourceContext) -> TicketmasterEvents:
    s = context.settings
    key = secret(s, "events_api_key")
    assert key is not None
    return TicketmasterEvents(
        base_url=s.events_base_url, api_key=key, timeout_seconds=s.events_timeout_seconds
    )


def _nycdot(context: SourceContext) -> NycDotClosures:
    s = context.settings
    return NycDotClosures(
        base_url=s.closures_base_url,
        app_token=secret(s, "closures_api_key"),
        timeout_seconds=s.closures_timeout_seconds,
    )


def _ical(context: SourceContext) -> ICalSchoolCalendar:
    s = context.settings
    if not s.school_calendar_url.startswith(("http://", "https://")):
        raise ConfigurationError(
            "KAIROS_SCHOOL_CALENDAR_PROVIDER=ical needs the district's calendar feed: set "
            "KAIROS_SCHOOL_CALENDAR_URL to its https:// address (an .ics file)"
        )
    return ICalSchoolCalendar(
        url=s.school_calendar_url, timeout_seconds=s.school_calendar_timeout_seconds
    )


def _nominatim(context: SourceContext) -> NominatimGeocoder:
    s = context.settings
    return NominatimGeocoder(
        base_url=s.geocoding_base_url,
        api_key=secret(s, "geocoding_api_key"),
        timeout_seconds=s.geocoding_timeout_seconds,
    )


def register_builtin_sources() -> None:
    register_source("weather", "offline", ClimatologyWeather, lambda _: ClimatologyWeather())
    register_source("weather", "openweather", OpenWeatherForecast, _openweather)
    register_source("events", "offline", NoEvents, lambda _: NoEvents())
    register_source("events", "ticketmaster", TicketmasterEvents, _ticketmaster)
    register_source("closures", "offline", NoClosures, lambda _: NoClosures())
    register_source("closures", "nycdot", NycDotClosures, _nycdot)
    register_source(
        "school_calendar", "offline", ShippedSchoolCalendar, lambda _: ShippedSchoolCalendar()
    )
    register_source("school_calendar", "ical", ICalSchoolCalendar, _ical)
    register_source("geocoding", "offline", CatalogGeocoder, lambda c: CatalogGeocoder(c.places))
    register_source("geocoding", "nominatim", NominatimGeocoder, _nominatim)


register_builtin_sources()
